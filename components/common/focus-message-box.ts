/**
 * Puts the cursor in the message box once it is on screen. It is found by its accessible name, so the chat's own
 * components stay free to change their markup.
 */
export function focusMessageBox(name: string): void {
  requestAnimationFrame(() => document.querySelector<HTMLTextAreaElement>(`textarea[aria-label="${CSS.escape(name)}"]`)?.focus());
}
