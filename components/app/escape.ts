/**
 * Whether an Escape press is still free to leave a view: not taken by a control that handles it itself
 * (a popover, a dialog, a field being edited, anything that called preventDefault).
 */
export function escapeIsFree(event: KeyboardEvent): boolean {
  if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return false;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest('[popover], dialog, input, textarea, select, [contenteditable="true"], [role="menu"]')) return false;
  // Something open in the top layer gets Escape first (the tooltip is only an echo of a name).
  return !document.querySelector('dialog[open], [popover]:popover-open:not(.ui-tooltip)');
}
