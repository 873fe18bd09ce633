import { deleteDB } from 'idb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, StoredMessage } from '../../../../lib/core/conversation';
import type { PanelToBackground } from '../../../../lib/messaging/protocol';
import { createConversation, listMessages, putMessage, type ConversationInit } from '../../../../lib/storage/conversations';
import { closeDb, DB_NAME } from '../../../../lib/storage/db';
import { getPref } from '../../../../lib/storage/prefs';
import { createSendSlice } from '../../../../components/state/chat/send-slice';
import { sliceAlone } from '../../support/chat-slice';

const model = { providerId: 'p1', model: 'm1' };

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
});

function sendStore(conversation?: Conversation) {
  const posted: PanelToBackground[] = [];
  const fakes = {
    conversation,
    messages: [] as StoredMessage[],
    notice: undefined as 'busy-elsewhere' | undefined,
    internal_post: (m: PanelToBackground) => void posted.push(m),
    internal_settingsWritten: vi.fn(async () => undefined),
    internal_storeConversation: vi.fn((init: ConversationInit) => createConversation({ systemPrompt: 'From the persona.', ...init })),
    internal_answeringElsewhere: vi.fn(async (_id: string) => false),
    internal_awaitAcceptance: vi.fn<(answerId: string, userMessage: StoredMessage) => void>(),
  };
  return { store: sliceAlone(createSendSlice, fakes), posted, fakes };
}

describe('the send slice', () => {
  it('starts a conversation for a first message, titled by it, and asks for an answer it awaits acceptance of', async () => {
    const { store, posted, fakes } = sendStore();
    store.getState().setDraft('What is a slice?\nMore');

    expect(await store.getState().send('What is a slice?\nMore', model)).toBe(true);

    const { conversation, messages, createdHere, draft } = store.getState();
    expect(conversation).toMatchObject({ title: 'What is a slice?', model, systemPrompt: 'From the persona.' });
    expect(createdHere).toBe(conversation!.id);
    expect(draft).toBe('');
    expect(await getPref('lastConversationId')).toBe(conversation!.id);
    expect(messages.map((m) => [m.role, m.content, m.status])).toEqual([
      ['user', 'What is a slice?\nMore', 'complete'],
      ['assistant', '', 'streaming'],
    ]);
    expect(await listMessages(conversation!.id)).toEqual(messages);
    expect(posted).toEqual([{ type: 'start', conversationId: conversation!.id, messageId: messages[1]!.id }]);
    expect(fakes.internal_awaitAcceptance).toHaveBeenCalledWith(messages[1]!.id, messages[0]);
  });

  it('waits for settings still being written before it sends', async () => {
    const { store, fakes } = sendStore();
    let written!: () => void;
    fakes.internal_settingsWritten.mockReturnValueOnce(new Promise<undefined>((settle) => (written = () => settle(undefined))));
    const sending = store.getState().send('Hi', model);
    // Every promise that could settle has, before the next task.
    await new Promise((settle) => setImmediate(settle));
    expect(fakes.internal_storeConversation).not.toHaveBeenCalled();
    written();
    expect(await sending).toBe(true);
  });

  it('sends nothing when there is nothing to send', async () => {
    const { store, fakes } = sendStore();
    expect(await store.getState().send('  ', model)).toBe(false);
    expect(fakes.internal_storeConversation).not.toHaveBeenCalled();
  });

  it('holds a send back while another window answers, putting a quick action’s text before the draft', async () => {
    const c = await createConversation({ model });
    const { store, posted, fakes } = sendStore(c);
    fakes.internal_answeringElsewhere.mockResolvedValue(true);
    store.getState().setDraft('typed');

    expect(await store.getState().send('Summarise this page', model)).toBe(false);

    expect(store.getState().draft).toBe('Summarise this page\ntyped');
    expect(await listMessages(c.id)).toEqual([]);
    expect(posted).toEqual([]);
  });

  it('answers the last question again, dropping what came after it', async () => {
    const c = await createConversation({ model });
    const { store, posted } = sendStore(c);
    const question: StoredMessage = { id: 'u1', conversationId: c.id, role: 'user', content: 'Q', createdAt: 1, status: 'complete' };
    const old: StoredMessage = { id: 'a1', conversationId: c.id, role: 'assistant', content: 'Old', createdAt: 2, status: 'complete' };
    await putMessage(question);
    await putMessage(old);
    store.setState({ messages: [question, old] });

    await store.getState().regenerate(undefined);

    const [kept, answer] = store.getState().messages;
    expect(kept).toEqual(question);
    expect(answer).toMatchObject({ role: 'assistant', status: 'streaming', model });
    expect((await listMessages(c.id)).map((m) => m.id)).toEqual(['u1', answer!.id]);
    expect(posted).toEqual([{ type: 'start', conversationId: c.id, messageId: answer!.id }]);
  });

  it('edits a question and asks again, and does neither while another window answers', async () => {
    const c = await createConversation({ model });
    const { store, posted, fakes } = sendStore(c);
    const question: StoredMessage = { id: 'u1', conversationId: c.id, role: 'user', content: 'Q', createdAt: 1, status: 'complete' };
    await putMessage(question);
    store.setState({ messages: [question] });

    fakes.internal_answeringElsewhere.mockResolvedValueOnce(true);
    await store.getState().editAndResend('u1', 'Better Q', model);
    expect((await listMessages(c.id)).map((m) => m.content)).toEqual(['Q']);

    await store.getState().editAndResend('u1', ' Better Q ', model);
    expect((await listMessages(c.id)).map((m) => m.content)).toEqual(['Better Q', '']);
    expect(posted).toHaveLength(1);
  });

  it('starts a new chat empty, with no persona chosen', async () => {
    const c = await createConversation({ model });
    const { store } = sendStore(c);
    store.setState({ personaChoice: null, pendingContext: [{ kind: 'page', text: 'page' }] });
    store.getState().newChat();
    expect(store.getState()).toMatchObject({ conversation: undefined, messages: [], pendingContext: [], personaChoice: undefined });
  });
});
