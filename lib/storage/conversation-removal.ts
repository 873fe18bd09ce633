import type { Conversation } from '../core/conversation';
import { notifyChange } from './change-feed';
import { getDb, type ImageRecord, type MessageRecord } from './db';

/**
 * Conversations taken out of storage exactly as they were stored (messages
 * with their order counters), so that an undo puts back the very same records.
 */
export interface RemovedConversations {
  readonly conversations: readonly Conversation[];
  readonly messages: readonly MessageRecord[];
  readonly images: readonly ImageRecord[];
}

/**
 * Removes the conversations, their messages and images in one transaction and
 * returns what was removed (unknown ids are skipped). Unlike
 * deleteConversation, it keeps everything needed to restore them.
 */
export async function removeConversations(ids: readonly string[]): Promise<RemovedConversations> {
  const tx = (await getDb()).transaction(['conversations', 'messages', 'images'], 'readwrite');
  const conversationStore = tx.objectStore('conversations');
  const messageStore = tx.objectStore('messages');
  const imageStore = tx.objectStore('images');
  const conversations: Conversation[] = [];
  const messages: MessageRecord[] = [];
  const images: ImageRecord[] = [];
  for (const id of ids) {
    const conversation = await conversationStore.get(id);
    if (!conversation) continue;
    const records = await messageStore.index('conversationId').getAll(id);
    const imageRecords = await imageStore.index('conversationId').getAll(id);
    await Promise.all([
      ...records.map((r) => messageStore.delete(r.id)),
      ...imageRecords.map((r) => imageStore.delete(r.id)),
      conversationStore.delete(id),
    ]);
    conversations.push(conversation);
    messages.push(...records);
    images.push(...imageRecords);
  }
  await tx.done;
  notifyChange(...conversations.map((c) => ({ type: 'conversation' as const, id: c.id })));
  return { conversations, messages, images };
}

/**
 * Puts removed conversations back with their ids, times and message order
 * unchanged. A message written meanwhile under the same id (none is expected)
 * is overwritten by the removed one.
 */
export async function restoreConversations(removed: RemovedConversations): Promise<void> {
  const tx = (await getDb()).transaction(['conversations', 'messages', 'images'], 'readwrite');
  const conversationStore = tx.objectStore('conversations');
  const messageStore = tx.objectStore('messages');
  const imageStore = tx.objectStore('images');
  await Promise.all([
    ...removed.conversations.map((c) => conversationStore.put(c)),
    ...removed.messages.map((m) => messageStore.put(m)),
    ...removed.images.map((i) => imageStore.put(i)),
  ]);
  await tx.done;
  notifyChange(...removed.conversations.map((c) => ({ type: 'conversation' as const, id: c.id })));
}
