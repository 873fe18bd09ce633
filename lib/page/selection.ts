import { MAX_READ_CHARS, type SelectionSnapshot } from './page-content';

/** Fields whose selection the page's Selection does not include; never password fields. */
const TEXT_INPUTS = new Set(['text', 'search', 'url', 'tel']);

function focusedElement(doc: Document): Element | null {
  let active = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

function fieldSelection(el: Element | null): string {
  const tag = el?.tagName.toUpperCase();
  const field = el as HTMLInputElement | HTMLTextAreaElement | null;
  if (!field || !(tag === 'TEXTAREA' || (tag === 'INPUT' && TEXT_INPUTS.has((el as HTMLInputElement).type)))) return '';
  const { selectionStart: start, selectionEnd: end } = field;
  return start !== null && end !== null && end > start ? field.value.slice(start, end) : '';
}

/**
 * The text selected in this document, including inside a text field, and
 * whether focus is in this document itself (hasFocus is also true when a
 * child frame has it; then the active element is that frame's element).
 */
export function selectionOf(doc: Document): SelectionSnapshot {
  const active = focusedElement(doc);
  const text = fieldSelection(active) || (doc.getSelection()?.toString() ?? '');
  const inChildFrame = active?.tagName.toUpperCase() === 'IFRAME' || active?.tagName.toUpperCase() === 'FRAME';
  return { text: text.trim().slice(0, MAX_READ_CHARS), focused: doc.hasFocus() && !inChildFrame };
}

/**
 * The selection to use from every frame of a tab (the keyboard shortcut does
 * not say which frame): the focused frame's if it has one, else the first
 * frame that has any, top frame first.
 */
export function pickSelection(frames: readonly { frameId: number; snapshot: SelectionSnapshot }[]): SelectionSnapshot | undefined {
  const withText = frames.filter((f) => f.snapshot.text).sort((a, b) => a.frameId - b.frameId);
  return (withText.find((f) => f.snapshot.focused) ?? withText[0])?.snapshot;
}
