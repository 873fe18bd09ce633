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

/**
 * Keeps a floating element placed while it is shown: content that loads after it opens, a panel resize or a scroll
 * would otherwise leave it where it first fitted, partly outside the panel. Returns the function that stops following.
 */
export function followAnchor(anchor: Element, floating: HTMLElement, placement: Placement, gap = 6): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  void import('@floating-ui/dom').then(({ autoUpdate }) => {
    if (stopped) return;
    stop = autoUpdate(anchor, floating, () => void placeFloating(anchor, floating, placement, gap));
  });
  return () => {
    stopped = true;
    stop?.();
  };
}
