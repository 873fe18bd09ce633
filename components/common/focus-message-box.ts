/**
 * Puts the cursor in the message box once it is on screen, unless something in the view has just taken focus on
 * purpose (first run puts it in the key field). The box is found by its accessible name, so the chat's own
 * components stay free to change their markup.
 */
export function focusMessageBox(name: string): void {
  requestAnimationFrame(() => {
    if (document.activeElement?.closest('main')) return;
    document.querySelector<HTMLTextAreaElement>(`textarea[aria-label="${CSS.escape(name)}"]`)?.focus();
  });
}
