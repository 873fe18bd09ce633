import DOMPurify, { type Config } from 'dompurify';
import { safeImageSrc, safeLinkHref } from './safe-url';

/**
 * Defense in depth behind markdown-parser.ts, which already escapes raw HTML
 * and filters URLs: whatever slips through marked still has to pass an
 * allow-list of the elements and attributes our renderer emits. Private
 * instances keep these hooks away from any other DOMPurify user.
 */
const purify = DOMPurify(window);

/** Every element the markdown renderer can produce; to-react.tsx maps exactly these. */
export const BLOCK_TAGS = [
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'em',
  'strong',
  'del',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'hr',
  'br',
  'input',
  'span',
  'div',
] as const;

const MARKER_ATTRS = ['data-md-code', 'data-lang', 'data-md-math', 'data-md-img', 'data-md-raw'];

const BLOCK_CONFIG: Config = {
  ALLOWED_TAGS: [...BLOCK_TAGS],
  ALLOWED_ATTR: ['href', 'title', 'start', 'align', 'type', 'checked', 'disabled', ...MARKER_ATTRS],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // Markers carry labels (a language name, a math mode), not URLs; the image URL is checked by the hook below.
  ADD_URI_SAFE_ATTR: MARKER_ATTRS.filter((name) => name !== 'data-md-img'),
};

/** KaTeX emits HTML with inline sizes, MathML for screen readers and SVG for stretchy glyphs. */
const MATH_CONFIG: Config = {
  USE_PROFILES: { html: true, mathMl: true, svg: true },
  ADD_TAGS: ['semantics', 'annotation'],
  ADD_ATTR: ['encoding'],
};

const HIGHLIGHT_CONFIG: Config = { ALLOWED_TAGS: ['span'], ALLOWED_ATTR: ['class'] };

/**
 * Blocks are sanitised dozens of times per answer with one configuration, set once on an instance of their own:
 * given with each call, DOMPurify parses the configuration again every time.
 */
const blockPurify = DOMPurify(window);
blockPurify.setConfig({ ...BLOCK_CONFIG, IN_PLACE: true });

function addHooks(instance: typeof purify): void {
  instance.addHook('uponSanitizeAttribute', (node, event) => {
    const name = event.attrName;
    if (name.startsWith('on')) event.keepAttr = false;
    else if (name === 'href' && node.localName !== 'a') event.keepAttr = false;
    else if (name === 'href') event.keepAttr = safeLinkHref(event.attrValue) !== null;
    else if (name === 'data-md-img') event.keepAttr = safeImageSrc(event.attrValue) !== null;
    else if (name === 'style' && !node.closest('.katex, .katex-display, .katex-error')) event.keepAttr = false;
  });

  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.localName === 'a' && node.hasAttribute('href')) {
      node.setAttribute('rel', 'noopener noreferrer');
      node.setAttribute('target', '_blank');
    }
    // Task-list boxes are the only inputs marked emits; anything else is made one, inert.
    if (node.localName === 'input') {
      node.setAttribute('type', 'checkbox');
      node.setAttribute('disabled', '');
    }
  });
}
for (const instance of [purify, blockPurify]) addHooks(instance);

/**
 * Blocks are parsed in the document that holds templates' contents: it has no browsing context, so nothing parsed
 * there runs or loads. Given a string, DOMPurify parses it into a new document each time, about a millisecond per
 * block, which opening a conversation of a few dozen blocks (or streaming one) paid over and over.
 */
const inert = document.createElement('template').content.ownerDocument;

export function sanitizeBlock(html: string): DocumentFragment {
  const holder = inert.createElement('div');
  holder.innerHTML = html;
  blockPurify.sanitize(holder);
  const fragment = inert.createDocumentFragment();
  fragment.append(...holder.childNodes);
  return fragment;
}

export function sanitizeMath(html: string): string {
  return purify.sanitize(html, MATH_CONFIG);
}

export function sanitizeHighlight(html: string): string {
  return purify.sanitize(html, HIGHLIGHT_CONFIG);
}
