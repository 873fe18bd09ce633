import type { Conversation, StoredMessage } from '../../../lib/core/conversation';
import type { PanelToBackground } from '../../../lib/messaging/protocol';
import { getConversation, listLatestMessages } from '../../../lib/storage/conversations';
import { setPref } from '../../../lib/storage/prefs';
import { fillingScreen } from '../first-screen';
import type { ChatSlice } from './slice';

/** A conversation's first read takes this many of its latest messages, more than a tall panel holds; the rest follow. */
const FIRST_SHOWN = 20;
/**
 * The earlier messages are read at the panel's first idle moment, once the latest have rendered: read at once, 2,000
 * of them were read and checked on the main thread while it rendered the latest. They come within this long even
 * on a panel that never idles, so a reader who goes up to the start (Home) soon after opening finds it there.
 */
const EARLIER_WAIT_MS = 150;

/** Opening a conversation: what fills the screen first, the rest of it once the panel is idle. */
export interface PagingSlice {
  conversation?: Conversation;
  messages: StoredMessage[];
  /** Shows a conversation and remembers it as the one the panel reopens, unless it is that one already (`remembered`). */
  open(conversationId: string | undefined, remembered?: boolean): Promise<void>;
}

export interface PagingNeeds {
  notice?: 'busy-elsewhere';
  internal_storedMessages(conversationId: string): Promise<StoredMessage[]>;
  internal_keepShown(stored: StoredMessage[]): Promise<StoredMessage[]>;
  internal_post(message: PanelToBackground): void;
}

export const createPagingSlice: ChatSlice<PagingSlice, PagingNeeds> = (set, get) => {
  /**
   * A conversation opens with its latest messages, found from its end; the rest follow here.
   * What the panel holds of the latest ones stays as it is (an answer may have grown, or a message been
   * sent, since they were read): only what comes before them is added.
   */
  const showEarlier = async (conversationId: string) => {
    const all = await get()
      .internal_storedMessages(conversationId)
      .catch(() => undefined);
    if (!all) return;
    set((s) => {
      if (s.conversation?.id !== conversationId) return {};
      const held = new Set(s.messages.map((m) => m.id));
      const firstHeld = all.findIndex((m) => held.has(m.id));
      if (firstHeld <= 0) return {};
      return { messages: [...all.slice(0, firstHeld), ...s.messages] };
    });
  };

  return {
    messages: [],

    async open(conversationId, remembered = false) {
      // The messages are read alongside the conversation, not after it: one round trip less before the first paint.
      const [conversation, latest] = conversationId
        ? await Promise.all([getConversation(conversationId), listLatestMessages(conversationId, FIRST_SHOWN)])
        : [];
      if (!conversation || !latest) {
        set({ conversation: undefined, messages: [], notice: undefined });
        return;
      }
      const read = await get().internal_keepShown(latest.messages);
      const messages = fillingScreen(read);
      set({ conversation, messages, notice: undefined });
      if (latest.earlier || messages.length < read.length)
        requestIdleCallback(() => void showEarlier(conversation.id), { timeout: EARLIER_WAIT_MS });
      if (messages.some((m) => m.status === 'streaming')) get().internal_post({ type: 'watch', conversationId: conversation.id });
      if (!remembered) await setPref('lastConversationId', conversation.id);
    },
  };
};
