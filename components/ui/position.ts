import type { Placement } from '@floating-ui/dom';

export type { Placement };

/**
 * Places a floating element (popover, menu, tooltip) beside its anchor, flipping and shifting to stay in the panel.
 * Floating UI loads on first use, so it costs the panel's first load nothing.
 */
export async function placeFloating(anchor: Element, floating: HTMLElement, placement: Placement, gap = 6): Promise<void> {
  const { computePosition, flip, offset, shift, size } = await import('@floating-ui/dom');
  const { x, y } = await computePosition(anchor, floating, {
    strategy: 'fixed',
    placement,
    middleware: [
      offset(gap),
      flip(),
      shift({ padding: 4 }),
      size({
        padding: 4,
        apply: ({ availableHeight, availableWidth }) => {
          Object.assign(floating.style, { maxBlockSize: `${availableHeight}px`, maxInlineSize: `${availableWidth}px` });
        },
      }),
    ],
  });
  Object.assign(floating.style, { left: `${x}px`, top: `${y}px` });
}
