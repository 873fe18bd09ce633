import type { ContextBlock, Conversation, StoredMessage } from '../../../lib/core/conversation';
import { deleteMessages } from '../../../lib/storage/conversations';
import type { PanelToBackground } from '../../../lib/messaging/protocol';
import { useAttachments } from '../../images/attachments-store';
import type { ChatSlice } from './slice';

/** Another window answering in the same conversation: a send is held back, or taken back when the background refuses it. */
export interface RefusalSlice {
  /** Why the last send was held back: another window is answering in this conversation. */
  notice?: 'busy-elsewhere';
  /** Holds the message an answer was asked for until the background accepts it, so a refusal can give it back. */
  internal_awaitAcceptance(answerId: string, userMessage: StoredMessage): void;
  /** The background took the answer on (it sent anything but a refusal for it). */
  internal_accepted(answerId: string): void;
  /**
   * Another window started an answer in this conversation first (this view was
   * stale): what was sent goes back where it came from, and the panel follows
   * the running answer instead.
   */
  internal_refused(conversationId: string, answerId: string): Promise<void>;
  /** True (and the panel now follows it) when an answer this view did not know about is being written. */
  internal_answeringElsewhere(conversationId: string): Promise<boolean>;
}

export interface RefusalNeeds {
  conversation?: Conversation;
  messages: StoredMessage[];
  draft: string;
  pendingContext: ContextBlock[];
  internal_storedMessages(conversationId: string): Promise<StoredMessage[]>;
  internal_post(message: PanelToBackground): void;
}

export const createRefusalSlice: ChatSlice<RefusalSlice, RefusalNeeds> = (set, get) => {
  /** Sends the background has not accepted yet, by answer id. */
  const unconfirmedSends = new Map<string, StoredMessage>();

  /** Shows the conversation as stored, with the answer another window is streaming, and follows that answer. */
  const followRunningAnswer = async (conversationId: string, stored?: StoredMessage[]) => {
    const messages = stored ?? (await get().internal_storedMessages(conversationId));
    if (get().conversation?.id !== conversationId) return;
    set({ messages, notice: 'busy-elsewhere' });
    get().internal_post({ type: 'watch', conversationId });
  };

  return {
    internal_awaitAcceptance(answerId, userMessage) {
      unconfirmedSends.set(answerId, userMessage);
    },

    internal_accepted(answerId) {
      unconfirmedSends.delete(answerId);
    },

    async internal_refused(conversationId, answerId) {
      const userMessage = unconfirmedSends.get(answerId);
      unconfirmedSends.delete(answerId);
      await deleteMessages(conversationId, userMessage ? [answerId, userMessage.id] : [answerId]);
      if (get().conversation?.id !== conversationId) return;
      if (userMessage) {
        set((s) => ({
          draft: s.draft ? `${userMessage.content}\n${s.draft}` : userMessage.content,
          pendingContext: [...(userMessage.context ?? []), ...s.pendingContext],
        }));
        if (userMessage.images?.length) await useAttachments.getState().restore(userMessage.images);
      }
      await followRunningAnswer(conversationId);
    },

    async internal_answeringElsewhere(conversationId) {
      const stored = await get().internal_storedMessages(conversationId);
      if (!stored.some((m) => m.status === 'streaming')) return false;
      await followRunningAnswer(conversationId, stored);
      return true;
    },
  };
};
