import { base64ToBytes, bytesToBase64 } from '../core/base64';
import type { StoredMessage } from '../core/conversation';
import { isMcpToolsetId } from '../core/mcp';
import { notifyChange } from './change-feed';
import { getDb, reserveMessageSeq, type ImageRecord, type MessageRecord } from './db';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  readConversationsDocument,
  type ConversationsDocument,
  type ExportedConversation,
  type ExportedMessage,
} from './export-format';
import { byTimeThenSeq, conversationRange, toMessage } from './records';
import { asStorageFull, checkRoom } from './images';
import { checkConversation, checkMessage, usable } from './repair';

/**
 * Conversations with their messages, newest first (all of them when `ids` is
 * omitted; unknown ids are skipped), each attached image's bytes inline as
 * base64 (an image no longer stored is left out). Provider configs and
 * secrets live in other stores and are never part of an export.
 */
export async function exportConversations(ids?: string[]): Promise<ConversationsDocument> {
  const tx = (await getDb()).transaction(['conversations', 'messages', 'images'], 'readonly');
  const conversationStore = tx.objectStore('conversations');
  const all = (await conversationStore.index('updatedAt').getAll()).flatMap(usable(checkConversation)).reverse();
  const wanted = ids && new Set(ids);
  const chosen = wanted ? all.filter((c) => wanted.has(c.id)) : all;
  const byConversation = tx.objectStore('messages').index('conversationCreatedAt');
  const imagesOf = tx.objectStore('images').index('conversationId');
  const read = await Promise.all(
    chosen.map(async (conversation) => ({
      conversation,
      messages: (await byConversation.getAll(conversationRange(conversation.id))).flatMap(usable(checkMessage)).sort(byTimeThenSeq),
      images: await imagesOf.getAll(conversation.id),
    })),
  );
  // Blobs are read once the transaction has all it needs: it would not stay open across their reads.
  const conversations = await Promise.all(
    read.map(async ({ conversation, messages, images }): Promise<ExportedConversation> => {
      const stored = new Map(images.map((i) => [i.id, i]));
      return { ...conversation, messages: await Promise.all(messages.map((m) => withImageData(toMessage(m), stored))) };
    }),
  );
  return { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: new Date().toISOString(), conversations };
}

async function withImageData(message: StoredMessage, stored: ReadonlyMap<string, ImageRecord>): Promise<ExportedMessage> {
  if (!message.images?.length) return message as ExportedMessage;
  const images = await Promise.all(
    message.images.flatMap((ref) => {
      const record = stored.get(ref.id);
      return record ? [record.blob.arrayBuffer().then((bytes) => ({ ...ref, data: bytesToBase64(bytes) }))] : [];
    }),
  );
  return { ...message, images };
}

/** What importing a document would add, for the user to review first. */
export interface ImportSummary {
  conversations: number;
  /** How many carry their own system prompt, which is imported as it is. */
  systemPrompts: number;
  /** Plugin identifiers the conversations name; none is turned on by the import. */
  plugins: string[];
}

/** Reads a document without importing it; throws ImportError like importConversations. */
export function summarizeImport(doc: unknown): ImportSummary {
  const incoming = readConversationsDocument(doc);
  return {
    conversations: incoming.length,
    systemPrompts: incoming.filter((c) => c.systemPrompt.trim()).length,
    // An MCP server's entry names a server added in the exporting browser only: nothing to tell the user here.
    plugins: [...new Set(incoming.flatMap((c) => c.plugins ?? []))].filter((entry) => !isMcpToolsetId(entry)),
  };
}

/**
 * Adds the document's conversations, all or none. Nothing is overwritten: a
 * conversation or message whose id is taken gets a fresh one. Answers that
 * were mid-stream when exported are imported as 'incomplete'. A file must not
 * turn plugins on, so the plugins it names are dropped: the user enables them
 * per conversation. Throws ImportError for a malformed or unsupported document,
 * and a ChatFailure 'storage-full' when the browser has no room for it.
 */
export async function importConversations(doc: unknown): Promise<{ imported: number }> {
  const incoming = readConversationsDocument(doc);
  // Images are most of what an import stores: a file they do not fit is refused before anything is written.
  await checkRoom(incoming.flatMap((c) => c.messages.flatMap((m) => m.images ?? [])).reduce((sum, i) => sum + (i.data.length * 3) / 4, 0));
  return writeImport(incoming).catch((e: unknown) => {
    throw asStorageFull(e);
  });
}

async function writeImport(incoming: ExportedConversation[]): Promise<{ imported: number }> {
  const tx = (await getDb()).transaction(['conversations', 'messages', 'meta', 'images'], 'readwrite');
  const conversations = tx.objectStore('conversations');
  const messages = tx.objectStore('messages');
  const images = tx.objectStore('images');
  const claimed = new Set<string>();
  const freeId = async (id: string, store: typeof conversations | typeof messages | typeof images): Promise<string> => {
    const taken = claimed.has(id) || (await store.getKey(id)) !== undefined;
    const free = taken ? crypto.randomUUID() : id;
    claimed.add(free);
    return free;
  };
  const added: string[] = [];
  for (const { messages: exported, plugins: _named, ...conversation } of incoming) {
    const id = await freeId(conversation.id, conversations);
    await conversations.add({ ...conversation, id });
    // Array order is the conversation's order; seq keeps it for equal times.
    let seq = await reserveMessageSeq(tx.objectStore('meta'), exported.length);
    for (const { images: attached, ...message } of exported) {
      const refs = [];
      for (const { data, ...ref } of attached ?? []) {
        const blob = new Blob([base64ToBytes(data)], { type: ref.mimeType });
        // The size a file claims is not trusted: it is the bytes it holds.
        const stored = { ...ref, id: await freeId(ref.id, images), bytes: blob.size };
        await images.add({ ...stored, conversationId: id, blob });
        refs.push(stored);
      }
      const record: MessageRecord = {
        ...message,
        id: await freeId(message.id, messages),
        conversationId: id,
        status: message.status === 'streaming' ? 'incomplete' : message.status,
        seq: seq++,
        ...(refs.length ? { images: refs } : {}),
      };
      await messages.add(record);
    }
    added.push(id);
  }
  await tx.done;
  notifyChange(...added.map((id) => ({ type: 'conversation' as const, id })));
  return { imported: added.length };
}
