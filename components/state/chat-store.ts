import { connectChat } from '../../lib/messaging/client';
import { createChatStore, type ChatStore } from './chat/store';

export type ChatState = ChatStore;

/**
 * The panel's one chat store, talking to the background over the chat port. The port is looked up when first
 * used, not when this module loads: a view that never chats (a test's, say) needs no messaging client at all.
 */
export const useChatStore = createChatStore({ connect: (onMessage, onReconnect) => connectChat(onMessage, onReconnect) });
