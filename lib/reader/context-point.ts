/**
 * The point of the last right-click in this frame, so "Read aloud from here"
 * can start at the sentence under the pointer. The browser's menu click says
 * nothing about where the menu was opened, so a tiny always-present content
 * script records it; the reader, injected later into the same isolated world,
 * shares its globals and picks it up.
 */
export interface ContextPoint {
  node: Node;
  offset: number;
  /** Date.now() of the right-click. */
  at: number;
}

const KEY = '__parleyReaderContextPoint';

type Holder = { [KEY]?: ContextPoint };

/** A menu click follows its right-click within moments; anything older is from another gesture. */
const MAX_AGE_MS = 60_000;

export function caretAt(doc: Document, x: number, y: number): { node: Node; offset: number } | undefined {
  const position = doc.caretPositionFromPoint?.(x, y);
  if (position) return { node: position.offsetNode, offset: position.offset };
  const range = doc.caretRangeFromPoint?.(x, y);
  return range ? { node: range.startContainer, offset: range.startOffset } : undefined;
}

export function recordContextPoint(event: MouseEvent, scope: object = globalThis): void {
  const target = event.target instanceof Node ? event.target : undefined;
  const doc = target?.ownerDocument ?? (target as Document | undefined);
  const caret = doc && caretAt(doc, event.clientX, event.clientY);
  const point = caret ?? (target ? { node: target, offset: 0 } : undefined);
  if (point) (scope as Holder)[KEY] = { ...point, at: Date.now() };
}

/** Returns the recorded point once; a second menu click must come from a second right-click. */
export function takeContextPoint(scope: object = globalThis, now = Date.now()): ContextPoint | undefined {
  const holder = scope as Holder;
  const point = holder[KEY];
  delete holder[KEY];
  return point && now - point.at <= MAX_AGE_MS && point.node.isConnected ? point : undefined;
}
