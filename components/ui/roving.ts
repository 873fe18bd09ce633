import type { KeyboardEvent } from 'react';

/**
 * Arrow-key movement among the items of a composite widget (menu, tab list, list of rows): one Tab stop for the
 * whole group. Returns the index to focus, or undefined when the key is not a movement key.
 */
export function rovingIndex(
  event: KeyboardEvent,
  index: number,
  count: number,
  orientation: 'horizontal' | 'vertical',
): number | undefined {
  const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
  const [back, forward] =
    orientation === 'vertical' ? ['ArrowUp', 'ArrowDown'] : rtl ? ['ArrowRight', 'ArrowLeft'] : ['ArrowLeft', 'ArrowRight'];
  switch (event.key) {
    case forward:
      return (index + 1) % count;
    case back:
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
