import { createElement, type ReactNode } from 'react';
import { CodeBlock } from './CodeBlock';
import { MathTex } from './MathTex';
import { RemoteImage } from './RemoteImage';
import { BLOCK_TAGS } from './sanitize';

/**
 * Turns sanitized markup into React elements. Only known tags are created and
 * only the attributes named here are read, so even markup that got past
 * DOMPurify cannot add a handler or an unexpected attribute.
 */

const KNOWN = new Set<string>(BLOCK_TAGS);
const VOID = new Set(['br', 'hr', 'input']);
/** Parents whose whitespace-only text is layout noise from marked (and invalid inside tables). */
const STRUCTURAL = new Set(['ul', 'ol', 'table', 'thead', 'tbody', 'tr']);
const BLOCK_LEVEL = new Set(['p', 'ul', 'ol', 'pre', 'blockquote', 'table', 'div', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const ALIGN: Record<string, 'start' | 'center' | 'end'> = { left: 'start', center: 'center', right: 'end' };

interface Context {
  /** The block is closed: expensive work (highlighting) may run. */
  complete: boolean;
  inLink: boolean;
}

export function toReact(fragment: DocumentFragment, complete: boolean): ReactNode[] {
  return children(fragment, { complete, inLink: false }, true);
}

function children(parent: ParentNode, ctx: Context, top = false): ReactNode[] {
  const structural = top || (isElement(parent) && STRUCTURAL.has(parent.localName));
  const nodes = Array.from(parent.childNodes).filter((node) => !(structural && isBlankText(node)));
  const out: ReactNode[] = [];
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    if (isCheckbox(node)) {
      // A task item's text labels its checkbox: it runs until the first block (a nested list, a paragraph).
      let end = i + 1;
      while (end < nodes.length && !isBlock(nodes[end]!)) end++;
      out.push(
        <label key={i} className="md-task">
          {convert(node, 0, ctx, false)}
          {nodes.slice(i + 1, end).map((rest, j) => convert(rest, j + 1, ctx, false))}
        </label>,
      );
      i = end - 1;
      continue;
    }
    out.push(convert(node, i, ctx, top));
  }
  return out;
}

function convert(node: Node, key: number, ctx: Context, top: boolean): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.nodeValue;
  if (!isElement(node)) return null;
  const tag = node.localName;

  if (tag === 'pre' && node.hasAttribute('data-md-code')) {
    return <CodeBlock key={key} code={node.textContent ?? ''} language={node.getAttribute('data-lang') ?? ''} highlight={ctx.complete} />;
  }
  const math = node.getAttribute('data-md-math');
  if (math !== null) {
    return <MathTex key={key} tex={node.textContent ?? ''} display={math === 'display'} block={tag === 'div'} />;
  }
  const src = node.getAttribute('data-md-img');
  if (src !== null) {
    // A button cannot sit inside a link; the alt text stands in for the picture there.
    if (ctx.inLink) return node.textContent;
    return <RemoteImage key={key} src={src} alt={node.textContent ?? ''} title={node.getAttribute('title') ?? undefined} />;
  }
  if (!KNOWN.has(tag)) return children(node, ctx);

  const dir = top ? 'auto' : undefined;
  switch (tag) {
    case 'a': {
      const href = node.getAttribute('href');
      if (href === null) return children(node, ctx);
      return (
        <a key={key} href={href} title={node.getAttribute('title') ?? undefined} rel="noopener noreferrer" target="_blank">
          {children(node, { ...ctx, inLink: true })}
        </a>
      );
    }
    case 'input':
      return <input key={key} type="checkbox" checked={node.hasAttribute('checked')} disabled readOnly />;
    case 'table':
      // The wrapper scrolls wide tables sideways; focusable so the keyboard can scroll it too.
      return (
        <div key={key} className="md-table" dir={dir} tabIndex={0}>
          <table>{children(node, ctx)}</table>
        </div>
      );
    case 'th':
    case 'td': {
      const align = ALIGN[node.getAttribute('align') ?? ''];
      return createElement(tag, { key, style: align ? { textAlign: align } : undefined }, children(node, ctx));
    }
    case 'ol': {
      const start = Number(node.getAttribute('start') ?? '1');
      return (
        <ol key={key} dir={dir} start={Number.isInteger(start) && start !== 1 ? start : undefined}>
          {children(node, ctx)}
        </ol>
      );
    }
    case 'li': {
      // Task items drop their bullet: the checkbox takes its place.
      const task = node.querySelector(':scope > input, :scope > p:first-child > input') !== null;
      return (
        <li key={key} className={task ? 'md-task-item' : undefined}>
          {children(node, ctx)}
        </li>
      );
    }
    case 'p':
      return (
        <p key={key} dir={dir} className={node.hasAttribute('data-md-raw') ? 'md-raw' : undefined}>
          {children(node, ctx)}
        </p>
      );
    default:
      return createElement(tag, { key, dir }, VOID.has(tag) ? undefined : children(node, ctx));
  }
}

function isBlankText(node: Node): boolean {
  return node.nodeType === Node.TEXT_NODE && !node.nodeValue?.trim();
}

/** Sanitized nodes belong to DOMPurify's own document, so `instanceof Element` is not reliable. */
function isElement(node: Node | ParentNode): node is Element {
  return (node as Node).nodeType === Node.ELEMENT_NODE;
}

function isCheckbox(node: Node): boolean {
  return isElement(node) && node.localName === 'input';
}

function isBlock(node: Node): boolean {
  return isElement(node) && BLOCK_LEVEL.has(node.localName);
}
