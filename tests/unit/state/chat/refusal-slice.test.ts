import { deleteDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Conversation, StoredMessage } from '../../../../lib/core/conversation';
import type { PanelToBackground } from '../../../../lib/messaging/protocol';
import { createConversation, listMessages, putMessage } from '../../../../lib/storage/conversations';
import { closeDb, DB_NAME } from '../../../../lib/storage/db';
import { createRefusalSlice } from '../../../../components/state/chat/refusal-slice';
import { sliceAlone } from '../../support/chat-slice';

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
});

const message = (conversationId: string, id: string, status: StoredMessage['status'] = 'complete'): StoredMessage => ({
  id,
  conversationId,
  role: id.startsWith('u') ? 'user' : 'assistant',
  content: id,
  createdAt: Number(id.slice(1)),
  status,
});

async function refusalStore() {
  const conversation: Conversation = await createConversation({});
  const posted: PanelToBackground[] = [];
  const store = sliceAlone(createRefusalSlice, {
    conversation,
    messages: [] as StoredMessage[],
    draft: 'typed since',
    pendingContext: [{ kind: 'page' as const, title: 'Later page', text: 'later' }],
    internal_storedMessages: (id: string) => listMessages(id),
    internal_post: (m: PanelToBackground) => void posted.push(m),
  });
  return { store, posted, id: conversation.id };
}

describe('the refusal slice', () => {
  it('gives a refused send back to the composer, before what was typed since, and follows the running answer', async () => {
    const { store, posted, id } = await refusalStore();
    await putMessage(message(id, 'u1'));
    await putMessage(message(id, 'a2', 'streaming'));
    const mine = { ...message(id, 'u3'), content: 'Mine', context: [{ kind: 'page' as const, title: 'Page', text: 'page' }] };
    await putMessage(mine);
    await putMessage(message(id, 'a4', 'streaming'));
    store.getState().internal_awaitAcceptance('a4', mine);

    await store.getState().internal_refused(id, 'a4');

    const s = store.getState();
    expect(s.draft).toBe('Mine\ntyped since');
    expect(s.pendingContext.map((b) => b.title)).toEqual(['Page', 'Later page']);
    expect(s.notice).toBe('busy-elsewhere');
    expect(s.messages.map((m) => m.id)).toEqual(['u1', 'a2']);
    expect((await listMessages(id)).map((m) => m.id)).toEqual(['u1', 'a2']);
    expect(posted).toEqual([{ type: 'watch', conversationId: id }]);
  });

  it('gives nothing back for a send the background accepted, and only removes the refused answer', async () => {
    const { store, id } = await refusalStore();
    const mine = message(id, 'u1');
    await putMessage(mine);
    await putMessage(message(id, 'a2', 'streaming'));
    store.getState().internal_awaitAcceptance('a2', mine);
    store.getState().internal_accepted('a2');

    await store.getState().internal_refused(id, 'a2');

    expect(store.getState().draft).toBe('typed since');
    expect((await listMessages(id)).map((m) => m.id)).toEqual(['u1']);
  });

  it('removes a refused send from storage only, when the panel has moved to another conversation', async () => {
    const { store, posted, id } = await refusalStore();
    const mine = message(id, 'u1');
    await putMessage(mine);
    await putMessage(message(id, 'a2', 'streaming'));
    store.getState().internal_awaitAcceptance('a2', mine);
    store.setState({ conversation: undefined });

    await store.getState().internal_refused(id, 'a2');

    expect(await listMessages(id)).toEqual([]);
    expect(store.getState().draft).toBe('typed since');
    expect(store.getState().notice).toBeUndefined();
    expect(posted).toEqual([]);
  });

  it('says whether another window is answering, following that answer only when one is', async () => {
    const { store, posted, id } = await refusalStore();
    await putMessage(message(id, 'u1'));
    expect(await store.getState().internal_answeringElsewhere(id)).toBe(false);
    expect(posted).toEqual([]);

    await putMessage(message(id, 'a2', 'streaming'));
    expect(await store.getState().internal_answeringElsewhere(id)).toBe(true);
    expect(store.getState().messages.map((m) => m.id)).toEqual(['u1', 'a2']);
    expect(posted).toEqual([{ type: 'watch', conversationId: id }]);
  });
});
