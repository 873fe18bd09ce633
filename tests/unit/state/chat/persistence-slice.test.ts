import { deleteDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Conversation, StoredMessage } from '../../../../lib/core/conversation';
import type { Persona } from '../../../../lib/core/prompts';
import { createConversation, getConversation, getMessage, listConversations, putMessage } from '../../../../lib/storage/conversations';
import { closeDb, DB_NAME } from '../../../../lib/storage/db';
import { getPref, setPref } from '../../../../lib/storage/prefs';
import { createPersistenceSlice } from '../../../../components/state/chat/persistence-slice';
import { sliceAlone } from '../../support/chat-slice';

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
});

function persistenceStore(conversation?: Conversation, personaChoice?: Persona | null) {
  return sliceAlone(createPersistenceSlice, {
    conversation,
    messages: [] as StoredMessage[],
    createdHere: undefined as string | undefined,
    personaChoice,
  });
}

const answer = (conversationId: string, content: string, status: StoredMessage['status']): StoredMessage => ({
  id: 'a1',
  conversationId,
  role: 'assistant',
  content,
  createdAt: 1,
  status,
});

describe('the persistence slice', () => {
  it('reads a settled answer back with the text it was shown, and stores that text', async () => {
    const c = await createConversation({});
    const store = persistenceStore(c);
    await putMessage(answer(c.id, 'Hel', 'incomplete'));
    store.getState().internal_noteShown('a1', 'Hello there');

    await store.getState().reloadMessages();

    expect(store.getState().messages.map((m) => m.content)).toEqual(['Hello there']);
    expect((await getMessage('a1'))?.content).toBe('Hello there');
  });

  it('leaves an answer still being written as stored, and forgets what it was shown once storage holds all of it', async () => {
    const c = await createConversation({});
    const store = persistenceStore(c);
    store.getState().internal_noteShown('a1', 'Hello');
    expect(await store.getState().internal_keepShown([answer(c.id, 'He', 'streaming')])).toEqual([answer(c.id, 'He', 'streaming')]);

    const whole = answer(c.id, 'Hello', 'complete');
    expect(await store.getState().internal_keepShown([whole])).toEqual([whole]);
    // Forgotten: a later, shorter read (an edit, say) is not grown back.
    const edited = answer(c.id, 'He', 'complete');
    expect(await store.getState().internal_keepShown([edited])).toEqual([edited]);
  });

  it('keeps what it was shown apart from another store’s', async () => {
    const c = await createConversation({});
    persistenceStore(c).getState().internal_noteShown('a1', 'Hello there');
    const settled = answer(c.id, 'Hel', 'incomplete');
    expect(await persistenceStore(c).getState().internal_keepShown([settled])).toEqual([settled]);
  });

  it('queues settings written before the first message: the first starts the conversation, the next updates it', async () => {
    const store = persistenceStore();
    const first = store.getState().updateSettings({ systemPrompt: 'Be brief.' });
    const second = store.getState().updateSettings({ params: { temperature: 0.2 } });
    await Promise.all([first, second]);
    await store.getState().internal_settingsWritten();

    const created = store.getState().conversation!;
    expect(await listConversations()).toHaveLength(1);
    expect(await getConversation(created.id)).toMatchObject({ systemPrompt: 'Be brief.', params: { temperature: 0.2 } });
    expect(store.getState().createdHere).toBe(created.id);
    expect(await getPref('lastConversationId')).toBe(created.id);
  });

  it('lets later settings be written after one failed', async () => {
    const gone: Conversation = { ...(await createConversation({})), id: 'gone' };
    const store = persistenceStore(gone);
    await expect(store.getState().updateSettings({ systemPrompt: 'Lost' })).rejects.toThrow();
    const c = await createConversation({});
    store.setState({ conversation: c });
    await store.getState().updateSettings({ systemPrompt: 'Kept' });
    expect((await getConversation(c.id))?.systemPrompt).toBe('Kept');
  });

  it('starts a conversation as the chosen persona, as the default one when none was chosen, and as none when none was', async () => {
    const pirate: Persona = { id: 'pirate', name: 'Pirate', systemPrompt: 'Arr.' };
    await setPref('personas', [pirate]);
    await setPref('defaultPersonaId', 'pirate');
    const editor: Persona = { id: 'editor', name: 'Editor', systemPrompt: 'Edit.' };

    expect(await persistenceStore(undefined, editor).getState().internal_storeConversation({ title: 'T' })).toMatchObject({
      persona: 'editor',
      title: 'T',
    });
    expect(await persistenceStore().getState().internal_storeConversation({})).toMatchObject({ persona: 'pirate' });
    expect((await persistenceStore(undefined, null).getState().internal_storeConversation({})).persona).toBeUndefined();
  });

  it('leaves an answer being written alone when asked to delete it', async () => {
    const c = await createConversation({});
    const store = persistenceStore(c);
    await putMessage(answer(c.id, '', 'streaming'));
    await store.getState().reloadMessages();
    expect(await store.getState().deleteMessage('a1')).toBeUndefined();
    expect(await getMessage('a1')).toBeDefined();
  });
});
