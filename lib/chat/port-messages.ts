/** What flows over the chat port: the panel asks for answers, the background streams them back. */
import type { ChatError } from '../core/errors';
import type { MessageStatus } from '../core/conversation';
import { isId, isRecord } from '../storage/repair';

export type PanelToBackground =
  /** The panel has stored the user turn and an empty assistant message; answer into it. */
  | { type: 'start'; conversationId: string; messageId: string }
  /** With nothing running (the worker restarted), answered like `watch`: with the stored final state. */
  | { type: 'stop'; conversationId: string }
  /** Follow a conversation's running stream, e.g. after the panel reopened; `ended` with the stored state when none runs. */
  | { type: 'watch'; conversationId: string };

/** What a panel posted on its chat port, checked before the background acts on it. */
export function isPanelToBackground(value: unknown): value is PanelToBackground {
  if (!isRecord(value) || !isId(value.conversationId)) return false;
  if (value.type === 'start') return isId(value.messageId);
  return value.type === 'stop' || value.type === 'watch';
}

export type BackgroundToPanel =
  | { type: 'snapshot'; conversationId: string; messageId: string; content: string }
  | { type: 'delta'; conversationId: string; messageId: string; text: string }
  | { type: 'steps-changed'; conversationId: string; messageId: string }
  /**
   * The model finished this round's text: sent before the answer is stored, so the panel shows
   * the last words at once instead of holding them for its next frame.
   */
  | { type: 'text-done'; conversationId: string; messageId: string }
  | { type: 'ended'; conversationId: string; messageId: string; status: MessageStatus; error?: ChatError }
  /** A `start` refused because another answer in the conversation is still being written (e.g. from a second window). */
  | { type: 'busy'; conversationId: string; messageId: string };
