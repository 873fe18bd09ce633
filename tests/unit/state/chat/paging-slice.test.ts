import { deleteDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredMessage } from '../../../../lib/core/conversation';
import type { PanelToBackground } from '../../../../lib/messaging/protocol';
import { createConversation, listMessages, putMessage } from '../../../../lib/storage/conversations';
import { closeDb, DB_NAME } from '../../../../lib/storage/db';
import { getPref } from '../../../../lib/storage/prefs';
import { createPagingSlice } from '../../../../components/state/chat/paging-slice';
import { sliceAlone } from '../../support/chat-slice';

const idle: (() => void)[] = [];
beforeEach(async () => {
  idle.length = 0;
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
  await closeDb();
  await deleteDB(DB_NAME);
});
afterEach(() => vi.unstubAllGlobals());

function pagingStore() {
  const posted: PanelToBackground[] = [];
  const keepShown = vi.fn(async (stored: StoredMessage[]) => stored.map((m) => ({ ...m, content: `${m.content}, kept` })));
  const store = sliceAlone(createPagingSlice, {
    notice: 'busy-elsewhere' as 'busy-elsewhere' | undefined,
    internal_storedMessages: async (id: string) => keepShown(await listMessages(id)),
    internal_keepShown: keepShown,
    internal_post: (m: PanelToBackground) => void posted.push(m),
  });
  return { store, posted };
}

async function conversationOf(count: number, last: StoredMessage['status'] = 'complete') {
  const c = await createConversation({});
  for (let i = 0; i < count; i++) {
    const status = i === count - 1 ? last : 'complete';
    await putMessage({ id: `m${i}`, conversationId: c.id, role: i % 2 ? 'assistant' : 'user', content: `M${i}`, createdAt: i, status });
  }
  return c.id;
}

describe('the paging slice', () => {
  it('opens with the latest twenty as the store keeps them, and adds the earlier ones when the panel is idle', async () => {
    const { store } = pagingStore();
    const id = await conversationOf(25);
    await store.getState().open(id);
    expect(store.getState().messages.map((m) => m.id)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 5}`));
    expect(store.getState().messages[0]!.content).toBe('M5, kept');
    expect(store.getState().notice).toBeUndefined();

    expect(idle).toHaveLength(1);
    idle[0]!();
    await vi.waitFor(() => expect(store.getState().messages).toHaveLength(25));
    expect(
      store
        .getState()
        .messages.map((m) => m.content)
        .slice(0, 2),
    ).toEqual(['M0, kept', 'M1, kept']);
  });

  it('adds no earlier messages to a conversation left before the panel was idle', async () => {
    const { store } = pagingStore();
    await store.getState().open(await conversationOf(25));
    const other = await conversationOf(2);
    await store.getState().open(other);
    // The earlier read lands as a state update that changes nothing.
    const landed = new Promise((settle) => store.subscribe(settle));
    idle[0]!();
    await landed;
    expect(store.getState().messages.map((m) => m.id)).toEqual(['m0', 'm1']);
  });

  it('follows an answer being written, and remembers the conversation unless the panel is reopening it', async () => {
    const { store, posted } = pagingStore();
    const id = await conversationOf(2, 'streaming');
    await store.getState().open(id, true);
    expect(posted).toEqual([{ type: 'watch', conversationId: id }]);
    expect(await getPref('lastConversationId')).toBeUndefined();
    await store.getState().open(id);
    expect(await getPref('lastConversationId')).toBe(id);
  });

  it('shows nothing for no conversation, or one that is gone', async () => {
    const { store } = pagingStore();
    await store.getState().open(await conversationOf(2));
    await store.getState().open('gone');
    expect(store.getState()).toMatchObject({ conversation: undefined, messages: [] });
    await store.getState().open(undefined);
    expect(store.getState().messages).toEqual([]);
  });
});
