import { deleteDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultPersona, parseTemperature, personaConversation } from '../../../lib/prompts/personas';
import { exportConversations } from '../../../lib/storage/export';
import { readConversationsDocument } from '../../../lib/storage/export-format';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { setPref } from '../../../lib/storage/prefs';
import { createChatStore } from '../../../components/state/chat/store';
import { fakeChatPort } from '../support/chat-port';

let useChatStore = createChatStore({ connect: fakeChatPort().connect });
const model = { providerId: 'p1', model: 'm1' };
const pirate = { id: 'pirate', name: 'Pirate', systemPrompt: 'Talk like a pirate.', temperature: 1.2 };
const editor = { id: 'editor', name: 'Editor', systemPrompt: 'Edit tersely.', model: { providerId: 'p2', model: 'm2' } };

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
  useChatStore = createChatStore({ connect: fakeChatPort().connect });
});

describe('personas', () => {
  it('set a chat’s system prompt, temperature and persona, and leave sampling alone without a temperature', () => {
    expect(personaConversation(pirate)).toEqual({ systemPrompt: 'Talk like a pirate.', params: { temperature: 1.2 }, persona: 'pirate' });
    expect(personaConversation(editor)).toEqual({ systemPrompt: 'Edit tersely.', params: {}, persona: 'editor' });
    expect(defaultPersona([pirate, editor], 'editor')).toBe(editor);
    expect(defaultPersona([pirate], 'gone')).toBeUndefined();
  });

  it('read a typed temperature: empty is the model’s default, out of range or not a number is refused', () => {
    expect(parseTemperature(' ')).toBeUndefined();
    expect(parseTemperature('0,7')).toBe(0.7);
    expect(parseTemperature('2')).toBe(2);
    expect(parseTemperature('2.5')).toBeNaN();
    expect(parseTemperature('warm')).toBeNaN();
  });

  it('start a new chat with the default persona, unless another or none was chosen', async () => {
    await setPref('personas', [pirate, editor]);
    await setPref('defaultPersonaId', 'pirate');
    const chat = useChatStore.getState();
    expect(await chat.send('Ahoy?', model)).toBe(true);
    expect(useChatStore.getState().conversation).toMatchObject({
      systemPrompt: 'Talk like a pirate.',
      params: { temperature: 1.2 },
      persona: 'pirate',
    });

    chat.newChat();
    useChatStore.getState().setPersonaChoice(editor);
    await useChatStore.getState().send('Fix this', model);
    expect(useChatStore.getState().conversation).toMatchObject({ systemPrompt: 'Edit tersely.', params: {}, persona: 'editor' });

    chat.newChat();
    useChatStore.getState().setPersonaChoice(null);
    await useChatStore.getState().send('Plain', model);
    const plain = useChatStore.getState().conversation!;
    expect(plain.systemPrompt).toBe('');
    expect(plain.persona).toBeUndefined();

    // The persona a chat was started with survives its export and import.
    const exported = JSON.parse(JSON.stringify(await exportConversations()));
    expect(readConversationsDocument(exported).map((c) => c.persona ?? null)).toEqual([null, 'editor', 'pirate']);
  });
});
