import type { Conversation, StoredMessage } from '../core/conversation';
import { fail, type ChatError } from '../core/errors';
import { notifyChange } from './change-feed';
import { getDb, reserveMessageSeq } from './db';
import { byTimeThenSeq, conversationRange, toMessage, withoutUndefined } from './records';
import { checkConversation, checkMessage, usable } from './repair';

export type ConversationInit = Partial<Omit<Conversation, 'id' | 'createdAt' | 'updatedAt'>>;
export type ConversationPatch = Partial<Pick<Conversation, 'title' | 'systemPrompt' | 'params' | 'model' | 'plugins' | 'allowedPlugins'>>;
/** A key set to undefined removes that field (e.g. clearing `error` on retry). */
export type MessagePatch = Partial<Omit<StoredMessage, 'id' | 'conversationId' | 'createdAt'>>;

export async function createConversation(init: ConversationInit = {}): Promise<Conversation> {
  const now = Date.now();
  // An empty title lets the UI show its own localised placeholder.
  const conversation: Conversation = {
    title: '',
    systemPrompt: '',
    params: {},
    ...withoutUndefined(init),
    id: crypto.randomUUID(),
    createdAt: now,
    updatedAt: now,
  };
  const db = await getDb();
  await db.add('conversations', conversation);
  notifyChange({ type: 'conversation', id: conversation.id });
  return conversation;
}

export async function getConversation(id: string): Promise<Conversation | undefined> {
  return usable(checkConversation)(await (await getDb()).get('conversations', id))[0];
}

/** Most recently active first. */
export async function listConversations(): Promise<Conversation[]> {
  return (await (await getDb()).getAllFromIndex('conversations', 'updatedAt')).flatMap(usable(checkConversation)).reverse();
}

/**
 * Changes settings or the title without touching `updatedAt`: the list is
 * ordered by chat activity, so renaming must not make a chat jump to the top.
 */
export async function updateConversation(id: string, patch: ConversationPatch): Promise<Conversation> {
  const tx = (await getDb()).transaction('conversations', 'readwrite');
  const existing = await tx.store.get(id);
  if (!existing) fail('not-found', `Conversation ${id} does not exist`);
  const updated = { ...applyPatch(existing, patch), id };
  await tx.store.put(updated);
  await tx.done;
  notifyChange({ type: 'conversation', id });
  return updated;
}

export function renameConversation(id: string, title: string): Promise<Conversation> {
  return updateConversation(id, { title });
}

/** Removes the conversation, all its messages and their images atomically; posts one conversation change. */
export async function deleteConversation(id: string): Promise<void> {
  const tx = (await getDb()).transaction(['conversations', 'messages', 'images'], 'readwrite');
  const messages = tx.objectStore('messages');
  const images = tx.objectStore('images');
  const messageIds = await messages.index('conversationId').getAllKeys(id);
  const imageIds = await images.index('conversationId').getAllKeys(id);
  await Promise.all([
    ...messageIds.map((key) => messages.delete(key)),
    ...imageIds.map((key) => images.delete(key)),
    tx.objectStore('conversations').delete(id),
  ]);
  await tx.done;
  notifyChange({ type: 'conversation', id });
}

/** Inserts or replaces a message and marks its conversation as just active. */
export async function putMessage(message: StoredMessage): Promise<void> {
  const tx = (await getDb()).transaction(['conversations', 'messages', 'meta'], 'readwrite');
  const conversations = tx.objectStore('conversations');
  const messages = tx.objectStore('messages');
  const conversation = await conversations.get(message.conversationId);
  if (!conversation) fail('not-found', `Conversation ${message.conversationId} does not exist`);
  const seq = (await messages.get(message.id))?.seq ?? (await reserveMessageSeq(tx.objectStore('meta')));
  await messages.put({ ...withoutUndefined(message), seq });
  await conversations.put({ ...conversation, updatedAt: Date.now() });
  await tx.done;
  notifyChange(
    { type: 'message', id: message.id, conversationId: message.conversationId },
    { type: 'conversation', id: message.conversationId },
  );
}

/**
 * Updates one message record and nothing else, so a streaming answer can be
 * checkpointed often. Resolves to undefined when the message is gone (its
 * conversation was deleted while the answer was still arriving).
 */
export async function patchMessage(id: string, patch: MessagePatch): Promise<StoredMessage | undefined> {
  const tx = (await getDb()).transaction('messages', 'readwrite');
  const existing = await tx.store.get(id);
  if (!existing) return undefined;
  const { conversationId, createdAt, seq } = existing;
  const updated = { ...applyPatch(existing, patch), id, conversationId, createdAt, seq };
  await tx.store.put(updated);
  await tx.done;
  notifyChange({ type: 'message', id, conversationId });
  return toMessage(updated);
}

export async function getMessage(id: string): Promise<StoredMessage | undefined> {
  const [record] = usable(checkMessage)(await (await getDb()).get('messages', id));
  return record && toMessage(record);
}

/** Oldest first; messages with equal `createdAt` keep the order they were first stored in. */
export async function listMessages(conversationId: string): Promise<StoredMessage[]> {
  const db = await getDb();
  const records = await db.getAllFromIndex('messages', 'conversationCreatedAt', conversationRange(conversationId));
  return records.flatMap(usable(checkMessage)).sort(byTimeThenSeq).map(toMessage);
}

export interface LatestMessages {
  /** The newest messages, oldest first. */
  messages: StoredMessage[];
  /** True when older messages exist than these. */
  earlier: boolean;
}

/**
 * The newest `count` messages of a conversation (more when several share the
 * oldest one's time, so write order among equal times still decides), found
 * from its end: a long conversation can be shown before the rest of it has
 * been read. A few requests whatever the count, where a cursor would need
 * one round trip per message.
 */
export async function listLatestMessages(conversationId: string, count: number): Promise<LatestMessages> {
  const index = (await getDb()).transaction('messages').store.index('conversationCreatedAt');
  const range = conversationRange(conversationId);
  const total = await index.count(range);
  let from = range;
  if (total > count) {
    const oldestShown = await (await index.openKeyCursor(range, 'prev'))?.advance(count - 1);
    if (oldestShown) from = IDBKeyRange.bound(oldestShown.key, [conversationId, Infinity]);
  }
  const records = await index.getAll(from);
  return {
    messages: records.flatMap(usable(checkMessage)).sort(byTimeThenSeq).map(toMessage),
    earlier: records.length < total,
  };
}

/**
 * Removes every message after `messageId` in its conversation (for "edit and
 * resend" and "regenerate"); the anchor itself stays. Resolves to the removed ids.
 */
export async function deleteMessagesAfter(conversationId: string, messageId: string): Promise<string[]> {
  const tx = (await getDb()).transaction('messages', 'readwrite');
  const records = (await tx.store.index('conversationCreatedAt').getAll(conversationRange(conversationId))).sort(byTimeThenSeq);
  const anchor = records.findIndex((r) => r.id === messageId);
  if (anchor < 0) fail('not-found', `Message ${messageId} is not in conversation ${conversationId}`);
  const removed = records.slice(anchor + 1).map((r) => r.id);
  await Promise.all(removed.map((id) => tx.store.delete(id)));
  await tx.done;
  notifyChange(...removed.map((id) => ({ type: 'message' as const, id, conversationId })));
  return removed;
}

/**
 * Run when the background starts: any message still marked 'streaming' whose
 * stream is not running here was cut off by a worker restart, so it is closed
 * off with `error` (its checkpointed text stays): 'incomplete' when any of it
 * arrived, else 'error'. Resolves to the ids changed.
 */
export async function markInterruptedStreams(activeMessageIds: Iterable<string>, error?: ChatError): Promise<string[]> {
  const active = new Set(activeMessageIds);
  const tx = (await getDb()).transaction('messages', 'readwrite');
  const stuck = (await tx.store.index('status').getAll('streaming')).filter((r) => !active.has(r.id));
  await Promise.all(
    stuck.map((r) =>
      tx.store.put(withoutUndefined({ ...r, status: r.content || r.steps?.length ? 'incomplete' : 'error', error: error ?? r.error })),
    ),
  );
  await tx.done;
  notifyChange(...stuck.map((r) => ({ type: 'message' as const, id: r.id, conversationId: r.conversationId })));
  return stuck.map((r) => r.id);
}

/** Removes the given messages of one conversation, e.g. a send the background refused; other ids are left alone. */
export async function deleteMessages(conversationId: string, ids: readonly string[]): Promise<void> {
  const tx = (await getDb()).transaction('messages', 'readwrite');
  const removed: string[] = [];
  for (const id of ids) {
    if ((await tx.store.get(id))?.conversationId !== conversationId) continue;
    await tx.store.delete(id);
    removed.push(id);
  }
  await tx.done;
  notifyChange(...removed.map((id) => ({ type: 'message' as const, id, conversationId })));
}

function applyPatch<T extends object>(target: T, patch: Partial<NoInfer<T>>): T {
  return withoutUndefined({ ...target, ...patch });
}
