import { isMcpToolsetId } from '../core/mcp';
import { notifyChange } from './change-feed';
import { getDb, reserveMessageSeq, type MessageRecord } from './db';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  readConversationsDocument,
  type ConversationsDocument,
  type ExportedConversation,
} from './export-format';
import { byTimeThenSeq, conversationRange, toMessage } from './records';
import { checkConversation, checkMessage, usable } from './repair';

/**
 * Conversations with their messages, newest first (all of them when `ids` is
 * omitted; unknown ids are skipped). Provider configs and secrets live in
 * other stores and are never part of an export.
 */
export async function exportConversations(ids?: string[]): Promise<ConversationsDocument> {
  const tx = (await getDb()).transaction(['conversations', 'messages'], 'readonly');
  const conversationStore = tx.objectStore('conversations');
  const all = (await conversationStore.index('updatedAt').getAll()).flatMap(usable(checkConversation)).reverse();
  const wanted = ids && new Set(ids);
  const chosen = wanted ? all.filter((c) => wanted.has(c.id)) : all;
  const byConversation = tx.objectStore('messages').index('conversationCreatedAt');
  const conversations = await Promise.all(
    chosen.map(async (conversation): Promise<ExportedConversation> => {
      const records = await byConversation.getAll(conversationRange(conversation.id));
      return { ...conversation, messages: records.flatMap(usable(checkMessage)).sort(byTimeThenSeq).map(toMessage) };
    }),
  );
  return { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: new Date().toISOString(), conversations };
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
 * per conversation. Throws ImportError for a malformed or unsupported document.
 */
export async function importConversations(doc: unknown): Promise<{ imported: number }> {
  const incoming = readConversationsDocument(doc);
  const tx = (await getDb()).transaction(['conversations', 'messages', 'meta'], 'readwrite');
  const conversations = tx.objectStore('conversations');
  const messages = tx.objectStore('messages');
  const claimed = new Set<string>();
  const freeId = async (id: string, store: typeof conversations | typeof messages): Promise<string> => {
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
    for (const message of exported) {
      const record: MessageRecord = {
        ...message,
        id: await freeId(message.id, messages),
        conversationId: id,
        status: message.status === 'streaming' ? 'incomplete' : message.status,
        seq: seq++,
      };
      await messages.add(record);
    }
    added.push(id);
  }
  await tx.done;
  notifyChange(...added.map((id) => ({ type: 'conversation' as const, id })));
  return { imported: added.length };
}
