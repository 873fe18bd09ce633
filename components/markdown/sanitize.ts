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
 * given with each call, DOMPurify parses the configuration again every time. Once set, it is the one that applies.
 */
const BLOCK_FRAGMENT: Config & { RETURN_DOM_FRAGMENT: true } = { ...BLOCK_CONFIG, RETURN_DOM_FRAGMENT: true };
const blockPurify = DOMPurify(window);
blockPurify.setConfig(BLOCK_FRAGMENT);

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

export function sanitizeBlock(html: string): DocumentFragment {
  return blockPurify.sanitize(html, BLOCK_FRAGMENT);
}

export function sanitizeMath(html: string): string {
  return purify.sanitize(html, MATH_CONFIG);
}

export function sanitizeHighlight(html: string): string {
  return purify.sanitize(html, HIGHLIGHT_CONFIG);
}
