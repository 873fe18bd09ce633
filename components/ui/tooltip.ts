import { placeFloating, type Placement } from './position';

/**
 * One tooltip element for the whole page, shown beside whichever control is hovered or focused. It is only a visual
 * echo of the control's accessible name (the name is on the control itself), so screen readers are not told twice.
 */
let tip: HTMLDivElement | undefined;
let owner: Element | undefined;

function element(): HTMLDivElement {
  if (!tip) {
    tip = document.createElement('div');
    tip.className = 'ui-tooltip';
    tip.popover = 'manual';
    tip.setAttribute('aria-hidden', 'true');
    document.body.append(tip);
    // WCAG 1.4.13: a tooltip can be dismissed without moving the pointer or focus.
    document.addEventListener('keydown', (e) => e.key === 'Escape' && hideTooltip());
  }
  return tip;
}

/**
 * Where the pointer last moved. The browser reports a control as entered when the control moves under a pointer at
 * rest too, as an answer streaming in scrolls the log: that is no hover, and a tooltip then would flash up over the
 * answer (and place itself, a forced layout, in the middle of its frames).
 */
let pointerAt: { x: number; y: number } | undefined;
document.addEventListener('pointermove', (e) => (pointerAt = { x: e.clientX, y: e.clientY }), { capture: true, passive: true });

/**
 * Shows the tooltip for a pointer that moved onto `anchor`. A pointer moving onto a control is reported entering
 * before it is reported moving, so one still where it last moved was not moved there: the control came to it.
 */
export function showTooltipOnHover(anchor: Element, at: { clientX: number; clientY: number }, text: string, placement?: Placement): void {
  if (pointerAt && at.clientX === pointerAt.x && at.clientY === pointerAt.y) return;
  showTooltip(anchor, text, placement);
}

export function showTooltip(anchor: Element, text: string, placement: Placement = 'bottom'): void {
  const el = element();
  owner = anchor;
  el.textContent = text;
  if (!el.matches(':popover-open')) el.showPopover();
  void placeFloating(anchor, el, placement, 4);
}

export function hideTooltip(anchor?: Element): void {
  if (!tip || (anchor && anchor !== owner)) return;
  owner = undefined;
  if (tip.matches(':popover-open')) tip.hidePopover();
}
