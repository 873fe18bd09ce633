/**
 * HTML rendered from a source, kept by that source, least recently used first out once the sources and HTML held
 * pass `limitChars`. React throws renders away: a transition interrupted by the next streamed delta starts over, and
 * a block mounts again when a long conversation scrolls back to it. With this, each starts over at the cost of a
 * lookup, not another pass of KaTeX or highlight.js and the sanitizer.
 */
export function renderCache(limitChars: number): (source: string, render: () => string) => string {
  const held = new Map<string, string>();
  let chars = 0;
  return (source, render) => {
    const hit = held.get(source);
    if (hit !== undefined) {
      // Read again: it moves to the back of the eviction order.
      held.delete(source);
      held.set(source, hit);
      return hit;
    }
    const html = render();
    held.set(source, html);
    chars += source.length + html.length;
    for (const [oldest, value] of held) {
      if (chars <= limitChars || oldest === source) break;
      held.delete(oldest);
      chars -= oldest.length + value.length;
    }
    return html;
  };
}
