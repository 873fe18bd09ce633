import { deleteDB } from 'idb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getConversation, getMessage, listConversations, listMessages } from '../../../lib/storage/conversations';
import { searchConversations } from '../../../lib/storage/conversation-search';
import { exportConversations } from '../../../lib/storage/export';
import { readConversationsDocument } from '../../../lib/storage/export-format';
import { closeDb, DB_NAME, getDb } from '../../../lib/storage/db';
import { getPref } from '../../../lib/storage/prefs';
import { getProvider, listProviders } from '../../../lib/storage/provider-records';
import { checkConversation, checkMessage } from '../../../lib/storage/repair';
import { checkStoredRecords, checkStoredRecordsOnce } from '../../../lib/storage/stored-records-check';

/** Writes straight to the store, as an older version or a bad import would have. */
async function seed(store: 'conversations' | 'messages' | 'providers', value: object): Promise<void> {
  await (await getDb()).put(store, value as never);
}

const conversation = { id: 'c1', title: 'Bees', createdAt: 10, updatedAt: 20, systemPrompt: '', params: {} };
const message = { id: 'm1', conversationId: 'c1', role: 'assistant', content: 'Hi', createdAt: 11, status: 'complete', seq: 1 };

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
});

describe('reading damaged records', () => {
  it('shows a message whose content is null as an empty message instead of failing', async () => {
    await seed('conversations', conversation);
    await seed('messages', { ...message, content: null });
    const [read] = await listMessages('c1');
    expect(read).toMatchObject({ id: 'm1', content: '', status: 'complete' });
    expect((await getMessage('m1'))?.content).toBe('');
  });

  it('keeps what an error says beyond its code: the time to wait until, the tool rounds and counts, the field at fault', async () => {
    const error = {
      code: 'rate-limited',
      retryable: true,
      message: 'Slow down',
      retryAt: 1_900_000_000_000,
      rounds: 8,
      tools: 5_000,
      maxTools: 128,
      field: 'apiKey',
    };
    await seed('conversations', conversation);
    await seed('messages', { ...message, status: 'error', error });
    expect((await getMessage('m1'))?.error).toEqual(error);
  });

  it('fills the fields of a conversation an older version left out', async () => {
    await seed('conversations', { id: 'c1', updatedAt: 20, title: null, params: 'x', model: { providerId: 3 }, plugins: ['a', 4] });
    expect(await getConversation('c1')).toEqual({
      id: 'c1',
      title: '',
      createdAt: 20,
      updatedAt: 20,
      systemPrompt: '',
      params: {},
      plugins: ['a'],
    });
    expect((await listConversations()).map((c) => c.id)).toEqual(['c1']);
  });

  it('leaves out records that cannot be understood', async () => {
    await seed('conversations', conversation);
    await seed('messages', { ...message, id: 'who', role: 'robot' });
    await seed('messages', { ...message, id: 'when', createdAt: 'yesterday' });
    await seed('messages', message);
    expect((await listMessages('c1')).map((m) => m.id)).toEqual(['m1']);
    expect(await getMessage('who')).toBeUndefined();
  });

  it('reads a provider with a missing name and drops one of an unknown kind', async () => {
    await seed('providers', { id: 'p1', kind: 'ollama', settings: null, createdAt: 1 });
    await seed('providers', { id: 'p2', kind: 'telepathy', name: 'X', settings: {}, manualModels: [], createdAt: 2 });
    expect(await listProviders()).toEqual([{ id: 'p1', kind: 'ollama', name: 'Ollama', settings: {}, manualModels: [], createdAt: 1 }]);
    expect(await getProvider('p2')).toBeUndefined();
  });

  it('gives the default for a pref stored in the wrong shape', async () => {
    const db = await getDb();
    await db.put('prefs', null, 'customPrompts');
    await db.put('prefs', 'yes', 'onboardingDone');
    expect(await getPref('customPrompts')).toEqual([]);
    expect(await getPref('onboardingDone')).toBe(false);
  });
});

describe('checkStoredRecords', () => {
  it('repairs in place, sets aside what it cannot read, and asks for the notice once', async () => {
    const db = await getDb();
    // Without updatedAt a conversation is missing from the list's index until repaired.
    await seed('conversations', { id: 'c1', createdAt: 10, title: 'Bees' });
    await seed('messages', { ...message, content: null });
    await seed('messages', { ...message, id: 'm2', role: 42 });
    await seed('providers', { id: 'p9', kind: 'telepathy' });
    expect(await listConversations()).toEqual([]);

    expect(await checkStoredRecords()).toEqual({ repaired: 2, setAside: 2 });

    expect((await listConversations()).map((c) => c.title)).toEqual(['Bees']);
    expect(await db.get('conversations', 'c1')).toMatchObject({ updatedAt: 10, systemPrompt: '', params: {} });
    expect(await db.get('messages', 'm1')).toMatchObject({ content: '' });
    expect(await db.get('messages', 'm2')).toBeUndefined();
    const aside = await db.getAll('quarantine');
    expect(aside.map(({ store, key, reason, record }) => ({ store, key, reason, record }))).toEqual([
      { store: 'messages', key: 'm2', reason: 'unknown role', record: { ...message, id: 'm2', role: 42 } },
      { store: 'providers', key: 'p9', reason: 'unknown provider kind', record: { id: 'p9', kind: 'telepathy' } },
    ]);
    expect(await getPref('storageRepairNotice')).toBe(true);

    expect(await checkStoredRecords()).toEqual({ repaired: 0, setAside: 0 });
    expect(await db.count('quarantine')).toBe(2);
  });

  it("runs once in a worker's lifetime, and again after a check that failed", async () => {
    await closeDb();
    vi.stubGlobal('indexedDB', undefined);
    try {
      await expect(checkStoredRecordsOnce()).rejects.toThrow(TypeError);
    } finally {
      vi.unstubAllGlobals();
    }
    await seed('messages', { ...message, content: null });
    expect(await checkStoredRecordsOnce()).toEqual({ repaired: 1, setAside: 0 });
    expect((await getMessage('m1'))?.content).toBe('');

    // Written behind the running code's back: left in storage for the next worker's check, repaired on every read.
    await seed('messages', { ...message, id: 'm2', content: null });
    expect(await checkStoredRecordsOnce()).toEqual({ repaired: 1, setAside: 0 });
    expect(await (await getDb()).get('messages', 'm2')).toMatchObject({ content: null });
    expect((await getMessage('m2'))?.content).toBe('');
  });

  it('changes nothing in an intact database', async () => {
    await seed('conversations', conversation);
    await seed('messages', message);
    expect(await checkStoredRecords()).toEqual({ repaired: 0, setAside: 0 });
    expect(await getPref('storageRepairNotice')).toBeUndefined();
  });
});

describe('record checks', () => {
  it('takes intact records as they are', () => {
    expect(checkConversation(conversation)).toEqual({ ok: true, value: conversation, repaired: false });
    const steps = [{ call: { id: 't', name: 'n', arguments: '{}' }, startedAt: 1 }];
    expect(checkMessage({ ...message, steps })).toEqual({ ok: true, value: { ...message, steps }, repaired: false });
  });

  it('marks a message of unknown status as cut short and drops malformed parts', () => {
    const checked = checkMessage({ ...message, status: 'done', context: [{ kind: 'page', text: 'a' }, { kind: 'x' }], usage: 'lots' });
    expect(checked).toEqual({
      ok: true,
      value: { ...message, status: 'incomplete', context: [{ kind: 'page', text: 'a' }] },
      repaired: true,
    });
  });

  it('keeps fields it does not know, which newer features may have added', () => {
    expect(checkConversation({ ...conversation, pinned: true })).toEqual({
      ok: true,
      value: { ...conversation, pinned: true },
      repaired: false,
    });
    const checked = checkMessage({ ...message, content: null, rating: 'good' });
    expect(checked).toEqual({ ok: true, value: { ...message, content: '', rating: 'good' }, repaired: true });
  });

  it('refuses what is not a record or has no id', () => {
    for (const raw of [null, 'text', [], { title: 'no id' }]) expect(checkConversation(raw).ok).toBe(false);
    expect(checkMessage({ ...message, conversationId: undefined }).ok).toBe(false);
    expect(checkMessage({ ...message, content: { text: 'rich' } }).ok).toBe(false);
  });
});

describe('searching and exporting over damaged records', () => {
  it('searches past a message whose content is null and exports it as an empty message', async () => {
    await seed('conversations', conversation);
    await seed('messages', { ...message, content: null });
    await seed('messages', { ...message, id: 'm2', content: 'Honey bees dance', createdAt: 12, seq: 2 });
    expect((await searchConversations('dance')).map((hit) => hit.messageId)).toEqual(['m2']);
    const doc = await exportConversations();
    expect(doc.conversations[0]?.messages.map((m) => m.content)).toEqual(['', 'Honey bees dance']);
    expect(() => readConversationsDocument(JSON.parse(JSON.stringify(doc)))).not.toThrow();
  });
});
