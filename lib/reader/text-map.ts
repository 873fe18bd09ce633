/**
 * The text a reader hears, flattened from live DOM text nodes, with a way back
 * from every character to the node and offset it came from. Whitespace is
 * collapsed as the browser renders it, and block boundaries (paragraphs,
 * list items, table cells, <br>) become line breaks, which the sentence
 * splitter treats as sentence ends.
 */
import { UNSEEN_TAGS } from '../core/unseen-tags';

export interface TextSegment {
  node: Text;
  /** Index in TextMap.text of the segment's first character. */
  start: number;
  /** offsets[k] is the offset in node.data of text[start + k]. */
  offsets: number[];
}

export interface TextMap {
  text: string;
  /** In document order; line breaks inserted between blocks belong to none. */
  segments: TextSegment[];
}

export interface TextMapOptions {
  /** Text nodes the caller wants read; hidden ones are left out regardless. */
  accept?(node: Text): boolean;
}

/** Never read: code, form controls, embedded objects, and the page's own hidden helpers; a datalist's options too. */
const SKIPPED_TAGS = new Set([...UNSEEN_TAGS, 'OPTION']);

const COLLAPSIBLE = /[ \t\n\r\f]/;
const NEWLINE = /[\n\r]/;

function isBlock(display: string): boolean {
  return !(display === '' || display.startsWith('inline') || display === 'contents' || display.startsWith('ruby'));
}

function keepsNewlines(style: CSSStyleDeclaration): boolean {
  const collapse = (style as CSSStyleDeclaration & { whiteSpaceCollapse?: string }).whiteSpaceCollapse ?? '';
  return /pre|break-spaces/.test(style.whiteSpace) || /preserve|break-spaces/.test(collapse);
}

class TextMapBuilder {
  private readonly parts: string[] = [];
  private last = '';
  private length = 0;
  readonly segments: TextSegment[] = [];

  constructor(
    private readonly view: Window,
    private readonly accept: (node: Text) => boolean,
  ) {}

  build(root: Node): TextMap {
    if (root.nodeType === Node.TEXT_NODE) this.text(root as Text, root.parentElement);
    else this.children(root);
    return { text: this.parts.join(''), segments: this.segments };
  }

  private children(node: Node): void {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === Node.TEXT_NODE) this.text(child as Text, node as Element);
      else if (child.nodeType === Node.ELEMENT_NODE) this.element(child as Element);
    }
  }

  private element(el: Element): void {
    if (SKIPPED_TAGS.has(el.tagName.toUpperCase()) || el.getAttribute('aria-hidden') === 'true') return;
    if (el.tagName.toUpperCase() === 'BR') {
      this.lineBreak();
      return;
    }
    const display = this.view.getComputedStyle(el).display;
    if (display === 'none') return;
    const block = isBlock(display);
    if (block) this.lineBreak();
    this.children(el);
    if (block) this.lineBreak();
  }

  private text(node: Text, parent: Element | null): void {
    if (!parent || !this.accept(node)) return;
    const style = this.view.getComputedStyle(parent);
    if (style.visibility === 'hidden' || style.visibility === 'collapse') return;
    const newlines = keepsNewlines(style);
    const data = node.data;
    let segment: TextSegment | undefined;
    const emit = (ch: string, offset: number) => {
      if (!segment) {
        segment = { node, start: this.length, offsets: [] };
        this.segments.push(segment);
      }
      segment.offsets.push(offset);
      this.push(ch);
    };
    for (let i = 0; i < data.length; i++) {
      const ch = data[i]!;
      if (newlines && NEWLINE.test(ch)) {
        if (ch === '\r' && data[i + 1] === '\n') continue;
        this.lineBreak();
      } else if (COLLAPSIBLE.test(ch)) {
        if (this.length > 0 && !/\s/.test(this.last)) emit(' ', i);
      } else {
        emit(ch, i);
      }
    }
  }

  private lineBreak(): void {
    if (this.length === 0 || this.last === '\n') return;
    this.push('\n');
  }

  private push(ch: string): void {
    this.parts.push(ch);
    this.last = ch;
    this.length++;
  }
}

export function buildTextMap(root: Node, options: TextMapOptions = {}): TextMap {
  const view = root.ownerDocument?.defaultView ?? (root as Document).defaultView;
  if (!view) return { text: '', segments: [] };
  return new TextMapBuilder(view, options.accept ?? (() => true)).build(root);
}

/** Index of the segment holding text index `index`, or of the first one after it. */
function segmentAtOrAfter(map: TextMap, index: number): number {
  let lo = 0;
  let hi = map.segments.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const s = map.segments[mid]!;
    if (s.start + s.offsets.length <= index) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface DomPoint {
  node: Text;
  offset: number;
}

function pointAtOrAfter(map: TextMap, index: number): DomPoint | undefined {
  const segment = map.segments[segmentAtOrAfter(map, index)];
  if (!segment) return undefined;
  const k = Math.max(0, index - segment.start);
  return { node: segment.node, offset: segment.offsets[k]! };
}

/** The point just after the last mapped character before `end`. */
function pointBefore(map: TextMap, end: number): DomPoint | undefined {
  const i = segmentAtOrAfter(map, end - 1);
  let segment = map.segments[i];
  if (!segment || segment.start > end - 1) segment = map.segments[i - 1];
  if (!segment) return undefined;
  const k = Math.min(end - 1 - segment.start, segment.offsets.length - 1);
  return { node: segment.node, offset: segment.offsets[k]! + 1 };
}

/**
 * A live Range over text[start, end). Undefined when the span maps to no
 * text or the page has since changed the nodes under it.
 */
export function rangeOf(map: TextMap, start: number, end: number): Range | undefined {
  if (end <= start) return undefined;
  const from = pointAtOrAfter(map, start);
  const to = pointBefore(map, end);
  const doc = from?.node.ownerDocument;
  if (!from || !to || !doc) return undefined;
  try {
    const range = doc.createRange();
    range.setStart(from.node, from.offset);
    range.setEnd(to.node, to.offset);
    return range.collapsed ? undefined : range;
  } catch {
    return undefined;
  }
}

/** The segment of a text node that is read, if it is. */
export function segmentOf(map: TextMap, node: Node): TextSegment | undefined {
  return map.segments.find((s) => s.node === node);
}

/**
 * Text index of a DOM point (e.g. a caret position under the pointer): the
 * character at or after it. A point outside the mapped text — in a heading
 * that is not read, in an image — counts as the next mapped text after it.
 * Undefined when no read text follows the point.
 */
export function indexAtPoint(map: TextMap, node: Node, offset: number): number | undefined {
  const own = segmentOf(map, node);
  if (own) {
    const k = own.offsets.findIndex((o) => o >= offset);
    return k === -1 ? own.start + own.offsets.length : own.start + k;
  }
  const doc = node.ownerDocument;
  if (!doc) return undefined;
  const probe = doc.createRange();
  try {
    probe.setStart(node, offset);
  } catch {
    probe.setStart(node, 0);
  }
  // Segments are in document order, so the first one at or after the point is found by bisection.
  let lo = 0;
  let hi = map.segments.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (probe.comparePoint(map.segments[mid]!.node, 0) < 0) lo = mid + 1;
    else hi = mid;
  }
  return map.segments[lo]?.start;
}
