/**
 * The text a reader sees, for pages Readability cannot make an article of.
 * A browser's innerText does this with layout, but it is unavailable on
 * detached trees (Readability's output) and in jsdom, so this walks the DOM.
 */
import { UNSEEN_TAGS } from '../core/unseen-tags';

/** Metadata, frames and image maps add nothing a reader sees either. */
const SKIPPED = new Set([...UNSEEN_TAGS, 'META', 'LINK', 'FRAME', 'MAP']);

const BLOCKS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'BODY',
  'DD',
  'DETAILS',
  'DIALOG',
  'DIV',
  'DL',
  'DT',
  'FIELDSET',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'FORM',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'MAIN',
  'NAV',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'SUMMARY',
  'TABLE',
  'TBODY',
  'THEAD',
  'TFOOT',
  'TR',
  'UL',
  'CAPTION',
  'LEGEND',
]);

const CELLS = new Set(['TD', 'TH']);

function isHidden(el: Element): boolean {
  if (el.hasAttribute('hidden') || el.getAttribute('aria-hidden') === 'true') return true;
  if (el.tagName.toUpperCase() === 'DIALOG' && !el.hasAttribute('open')) return true;
  // Computed styles exist only for elements in a rendered document; Readability's clone has none.
  const view = el.ownerDocument.defaultView;
  if (!view || !el.isConnected) return false;
  const style = view.getComputedStyle(el);
  return style.display === 'none' || style.visibility === 'hidden';
}

// Node types rather than instanceof: nodes may come from another frame's realm.
const isElement = (node: Node): node is Element => node.nodeType === 1;
const isContainer = (node: Node) => node.nodeType === 1 || node.nodeType === 9 || node.nodeType === 11;

/** Rendered children: a shadow root replaces the light children, a slot shows what is assigned to it. */
function childrenOf(node: Node): ArrayLike<Node> {
  const shadow = isElement(node) ? node.shadowRoot : null;
  if (shadow) return shadow.childNodes;
  if (node.nodeName === 'SLOT') {
    const assigned = (node as HTMLSlotElement).assignedNodes?.({ flatten: true }) ?? [];
    if (assigned.length) return assigned;
  }
  return node.childNodes;
}

/**
 * Visible text of `root`, one line per block (paragraph, heading, list item,
 * table row), whitespace collapsed except inside <pre>. Stops after `limit`
 * characters.
 */
export function visibleText(root: Node, limit = Number.POSITIVE_INFINITY): string {
  const lines: string[] = [];
  let line = '';
  let length = 0;

  const flush = () => {
    const text = line.trim();
    if (text) {
      lines.push(text);
      length += text.length + 1;
    }
    line = '';
  };

  const walk = (node: Node, pre: boolean): void => {
    if (length >= limit) return;
    if (node.nodeType === 3) {
      const raw = node.nodeValue ?? '';
      if (pre) {
        const [first = '', ...rest] = raw.split('\n');
        line += first;
        for (const part of rest) {
          flush();
          line = part;
        }
      } else {
        const collapsed = raw.replace(/\s+/g, ' ');
        line += line.endsWith(' ') && collapsed.startsWith(' ') ? collapsed.slice(1) : collapsed;
      }
      return;
    }
    if (!isContainer(node)) return;
    const tag = isElement(node) ? node.tagName.toUpperCase() : '';
    if (isElement(node)) {
      if (SKIPPED.has(tag) || isHidden(node)) return;
      if (tag === 'BR') {
        flush();
        return;
      }
    }
    const block = BLOCKS.has(tag);
    if (block) flush();
    else if (CELLS.has(tag) && line.trim()) line += ' | ';
    const children = childrenOf(node);
    for (let i = 0; i < children.length; i++) walk(children[i]!, pre || tag === 'PRE');
    if (block) flush();
  };

  walk(root, false);
  flush();
  const text = lines.join('\n');
  return text.length > limit ? text.slice(0, limit) : text;
}
