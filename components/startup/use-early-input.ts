import { useLayoutEffect } from 'react';
import { useChatStore } from '../state/chat-store';
import { takeEarlyInput } from './early-composer';

/**
 * On the app's first commit, its message box takes over from the early one (early-composer.ts) in the same task, so
 * no keystroke falls between them: the text typed so far becomes the draft, an Enter pressed there sends it (queued
 * until a model is ready, like any message typed too soon), and the cursor moves across.
 */
export function useEarlyInput(): void {
  useLayoutEffect(() => {
    const early = takeEarlyInput();
    if (!early) return;
    // Found by its class, now: focusMessageBox waits a frame, and keys typed in it would be lost.
    if (early.focused) document.querySelector<HTMLTextAreaElement>('textarea.composer-input')?.focus();
    if (!early.text) return;
    const chat = useChatStore.getState();
    chat.setDraft(early.text);
    if (early.send) chat.setQueued(true);
  }, []);
}
