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
