import { Readability } from '@mozilla/readability';

/** Marks clone elements with the index of their live twin; set on the clone only, never on the page. */
const TWIN_ATTRIBUTE = 'data-parley-twin';

export interface ReadableContent {
  /** The main content element in the live document. */
  root: Element;
  /** Leaves out what Readability dropped inside the root (share bars, related links, comments). */
  accept?(node: Text): boolean;
}

function elementsInOrder(doc: Document): Element[] {
  const out: Element[] = [];
  const walker = doc.createTreeWalker(doc.documentElement, NodeFilter.SHOW_ELEMENT);
  for (let node = walker.currentNode; node; node = walker.nextNode()!) out.push(node as Element);
  return out;
}

function commonAncestor(elements: Iterable<Element>): Element | undefined {
  let ancestor: Element | undefined;
  for (const el of elements) {
    if (!ancestor) ancestor = el;
    while (ancestor && !ancestor.contains(el)) ancestor = ancestor.parentElement ?? undefined;
  }
  return ancestor;
}

/**
 * Finds the article on a page. Readability works on a clone (it rewrites the
 * tree it is given, and may rebuild it from HTML between attempts), so every
 * clone element first carries its live twin's index as an attribute, which
 * survives that rebuilding; the elements Readability keeps then name their
 * live twins. Falls back to the body when there is no article.
 */
export function findReadableContent(doc: Document): ReadableContent {
  const body = doc.body ?? doc.documentElement;
  const live = elementsInOrder(doc);
  const clone = doc.cloneNode(true) as Document;
  elementsInOrder(clone).forEach((el, i) => el.setAttribute(TWIN_ATTRIBUTE, String(i)));

  let content: Node | null | undefined;
  try {
    content = new Readability<Node>(clone, { serializer: (node) => node }).parse()?.content;
  } catch {
    return { root: body };
  }
  if (!content || content.nodeType !== Node.ELEMENT_NODE) return { root: body };

  const kept = new Set<Element>();
  for (const el of [content as Element, ...(content as Element).querySelectorAll(`[${TWIN_ATTRIBUTE}]`)]) {
    const twin = live[Number(el.getAttribute(TWIN_ATTRIBUTE) ?? NaN)];
    if (twin) kept.add(twin);
  }
  const root = commonAncestor(kept);
  if (!root) return { root: body };
  return {
    root,
    // Readability drops the heading that repeats the page title; a listener expects to hear it.
    accept: (node) => {
      const parent = node.parentElement;
      return !!parent && (kept.has(parent) || parent.closest('h1') !== null);
    },
  };
}
