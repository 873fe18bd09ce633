import { deleteDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../../lib/core/conversation';
import { onStorageChange, type StorageChange } from '../../../lib/storage/change-feed';
import { removeConversations, restoreConversations } from '../../../lib/storage/conversation-removal';
import { createConversation, listConversations, listMessages, putMessage } from '../../../lib/storage/conversations';
import { searchConversations } from '../../../lib/storage/conversation-search';
import { closeDb, DB_NAME, getDb } from '../../../lib/storage/db';

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
});

function message(conversationId: string, content: string, createdAt: number): StoredMessage {
  return { id: crypto.randomUUID(), conversationId, role: 'user', content, createdAt, status: 'complete' };
}

async function seeded(title: string) {
  const conversation = await createConversation({ title, systemPrompt: 'Be brief.' });
  // Two messages in the same millisecond: only their stored order counter keeps them in order.
  await putMessage(message(conversation.id, `${title} question`, 5));
  await putMessage({ ...message(conversation.id, `${title} answer`, 5), role: 'assistant' });
  await putMessage(message(conversation.id, `${title} follow-up`, 9));
  return conversation.id;
}

const everything = async () => {
  const db = await getDb();
  return { conversations: await db.getAll('conversations'), messages: await db.getAll('messages') };
};

describe('removing conversations with undo', () => {
  it('removes several conversations with all their messages and leaves the others', async () => {
    const a = await seeded('Alpha');
    const b = await seeded('Beta');
    const keep = await seeded('Gamma');
    const removed = await removeConversations([a, b, 'unknown']);
    expect(removed.conversations.map((c) => c.title).sort()).toEqual(['Alpha', 'Beta']);
    expect(removed.messages).toHaveLength(6);
    expect((await listConversations()).map((c) => c.id)).toEqual([keep]);
    expect(await listMessages(a)).toEqual([]);
    expect(await searchConversations('follow-up')).toHaveLength(1);
  });

  it('restores exactly what was removed: conversation fields, every message, their order and times', async () => {
    await seeded('Alpha');
    const b = await seeded('Beta');
    const before = await everything();
    const messagesBefore = await listMessages(b);
    const removed = await removeConversations([b]);
    expect((await everything()).messages).toHaveLength(3);
    await restoreConversations(removed);
    expect(await everything()).toEqual(before);
    expect(await listMessages(b)).toEqual(messagesBefore);
    expect((await listMessages(b)).map((m) => m.content)).toEqual(['Beta question', 'Beta answer', 'Beta follow-up']);
    expect((await searchConversations('Beta follow')).map((h) => h.conversation.id)).toEqual([b]);
  });

  it('tells other views about both the removal and the restore', async () => {
    const a = await seeded('Alpha');
    const heard: StorageChange[] = [];
    const stop = onStorageChange((change) => heard.push(change));
    const removed = await removeConversations([a]);
    await restoreConversations(removed);
    await expect
      .poll(() => heard)
      .toEqual([
        { type: 'conversation', id: a },
        { type: 'conversation', id: a },
      ]);
    stop();
  });
});
