import { useEffect } from 'react';
import { ToolSteps } from '../chat/on-demand-parts';
import { useChatStore, type ChatState } from '../state/chat-store';
import { preloadMessageView } from './message-view-loaders';

const messageTyped = (state: ChatState) => state.draft !== '';
/** A conversation is about to show: a message is being typed, or one was opened. */
const conversationAhead = (state: ChatState) => messageTyped(state) || state.messages.length > 0;

/**
 * Fetches the conversation view once it is sure to be needed, and not while
 * the chat is empty (the renderer alone is a third of the first-load script):
 * on the first keystroke, or when a conversation opens. So it is compiled
 * before Enter, not while the sent message waits for it, and an answer never
 * shows as plain text. The first keystroke also fetches the tool steps, which
 * an answer being written shows (it may ask before a call): fetched on
 * Enter, they would load in the very task that shows the message sent.
 */
export function useMessageViewPreload(): void {
  useEffect(() => onceTrue(conversationAhead, () => void preloadMessageView()), []);
  useEffect(() => onceTrue(messageTyped, () => void ToolSteps.preload()), []);
}

/** Runs `then` once `holds` is true of the chat, now or at a later change; returns how to stop waiting. */
function onceTrue(holds: (state: ChatState) => boolean, then: () => void): () => void {
  if (holds(useChatStore.getState())) {
    then();
    return () => undefined;
  }
  const stop = useChatStore.subscribe((state) => {
    if (!holds(state)) return;
    stop();
    then();
  });
  return stop;
}
