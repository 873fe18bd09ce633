import type { Conversation, StoredMessage } from '../../../lib/core/conversation';
import type { ChatChannel } from '../../../lib/messaging/client';
import type { BackgroundToPanel, PanelToBackground } from '../../../lib/messaging/protocol';
import type { ChatSlice } from './slice';

/** Opens the panel's chat port: `onMessage` gets what the background sends, `onReconnect` runs after a worker restart. */
export type ConnectChat = (onMessage: (m: BackgroundToPanel) => void, onReconnect: () => void) => ChatChannel;

/** The port to the background: it opens on the first message sent, and routes each message received to its slice. */
export interface TransportSlice {
  stop(): void;
  internal_post(message: PanelToBackground): void;
}

export interface TransportNeeds {
  conversation?: Conversation;
  messages: StoredMessage[];
  reloadMessages(): Promise<void>;
  internal_receiveDelta(messageId: string, text: string): void;
  internal_showHeld(): void;
  internal_showSnapshot(messageId: string, content: string): void;
  internal_accepted(answerId: string): void;
  internal_refused(conversationId: string, answerId: string): Promise<void>;
}

export const createTransportSlice =
  (connect: ConnectChat): ChatSlice<TransportSlice, TransportNeeds> =>
  (_set, get) => {
    let channel: ChatChannel | undefined;

    const onBackground = async (message: BackgroundToPanel) => {
      const store = get();
      if (message.type === 'busy') return store.internal_refused(message.conversationId, message.messageId);
      store.internal_accepted(message.messageId);
      if (!store.conversation || message.conversationId !== store.conversation.id) return;
      if (message.type === 'delta') store.internal_receiveDelta(message.messageId, message.text);
      else if (message.type === 'text-done') store.internal_showHeld();
      else if (message.type === 'snapshot') store.internal_showSnapshot(message.messageId, message.content);
      else {
        store.internal_showHeld();
        await store.reloadMessages();
      }
    };

    const post = (message: PanelToBackground) => {
      channel ??= connect(
        (m) => void onBackground(m),
        () => {
          // The worker restarted: whatever we were following must be looked up again.
          const { conversation, messages } = get();
          if (conversation && messages.some((m) => m.status === 'streaming')) {
            post({ type: 'watch', conversationId: conversation.id });
          }
        },
      );
      channel.post(message);
    };

    return {
      internal_post: post,
      stop() {
        const { conversation } = get();
        if (conversation) post({ type: 'stop', conversationId: conversation.id });
      },
    };
  };
