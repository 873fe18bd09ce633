import { deleteDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredMessage } from '../../../lib/core/conversation';
import { chatError } from '../../../lib/core/errors';
import { createConversation, getMessage, listMessages, putMessage } from '../../../lib/storage/conversations';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { getPref, setPref } from '../../../lib/storage/prefs';
import { createChatStore } from '../../../components/state/chat/store';
import { fakeChatPort } from '../support/chat-port';

// A store and port of the test's own, made afresh for each test: nothing one left behind (a held delta, a send) reaches the next.
let port = fakeChatPort();
let useChatStore = createChatStore({ connect: port.connect });
const model = { providerId: 'p1', model: 'm1' };

// Node has no idle callback; the panel's browsers both do. Idle here is the next task, unless a test holds it back.
beforeEach(async () => {
  vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 0));
  await closeDb();
  await deleteDB(DB_NAME);
  port = fakeChatPort();
  useChatStore = createChatStore({ connect: port.connect });
});
afterEach(() => vi.unstubAllGlobals());

async function openConversation() {
  const c = await createConversation({ model });
  const first: StoredMessage = { id: 'u0', conversationId: c.id, role: 'user', content: 'First', createdAt: 1, status: 'complete' };
  await putMessage(first);
  await useChatStore.getState().open(c.id);
  return c.id;
}

describe('opening a conversation', () => {
  it('remembers it as the one the panel reopens, and writes nothing when it is that one already', async () => {
    const first = await createConversation({ model });
    const second = await createConversation({ model });
    await useChatStore.getState().open(first.id);
    expect(await getPref('lastConversationId')).toBe(first.id);

    // The panel reopening what it remembers: a stale record stays as it was, so nothing was written.
    await setPref('lastConversationId', 'stale');
    await useChatStore.getState().open(second.id, true);
    expect(useChatStore.getState().conversation?.id).toBe(second.id);
    expect(await getPref('lastConversationId')).toBe('stale');
  });
});

describe('chat store with a second window on the same conversation', () => {
  it('holds a send back, keeping the text, while another window is answering', async () => {
    const id = await openConversation();
    // Another window started an answer after this one loaded the conversation.
    await putMessage({ id: 'u1', conversationId: id, role: 'user', content: 'Theirs', createdAt: 2, status: 'complete' });
    await putMessage({ id: 'a1', conversationId: id, role: 'assistant', content: '', createdAt: 3, status: 'streaming' });
    useChatStore.getState().setDraft('Mine');

    expect(await useChatStore.getState().send('Mine', model)).toBe(false);

    const s = useChatStore.getState();
    expect(s.draft).toBe('Mine');
    expect(s.notice).toBe('busy-elsewhere');
    expect(s.messages.map((m) => m.id)).toEqual(['u0', 'u1', 'a1']);
    expect(port.posted).toEqual([{ type: 'watch', conversationId: id }]);
    expect((await listMessages(id)).map((m) => m.content)).toEqual(['First', 'Theirs', '']);
  });

  it('takes back a send the background refused: the text returns to the composer and the panel follows the running answer', async () => {
    const id = await openConversation();
    useChatStore.getState().setDraft('Mine');
    expect(await useChatStore.getState().send('Mine', model)).toBe(true);
    const start = port.posted.find((m) => m.type === 'start')!;
    expect(start).toMatchObject({ type: 'start', conversationId: id });
    const answerId = (start as { messageId: string }).messageId;
    expect(useChatStore.getState().draft).toBe('');

    port.deliver({ type: 'busy', conversationId: id, messageId: answerId });

    await vi.waitFor(() => expect(useChatStore.getState().notice).toBe('busy-elsewhere'));
    const s = useChatStore.getState();
    expect(s.draft).toBe('Mine');
    expect(s.messages.map((m) => m.content)).toEqual(['First']);
    expect((await listMessages(id)).map((m) => m.content)).toEqual(['First']);
    expect(port.posted.at(-1)).toEqual({ type: 'watch', conversationId: id });
  });

  it('keeps what the user typed after pressing Send while the message was still being stored', async () => {
    await openConversation();
    useChatStore.getState().setDraft('Mine');
    const sending = useChatStore.getState().send('Mine', model);
    // The box still shows the sent text until the send clears it; typing lands after it.
    useChatStore.getState().setDraft('Mine' + 'next q');
    expect(await sending).toBe(true);
    expect(useChatStore.getState().draft).toBe('next q');
  });

  /** An answer this panel was shown as `shown`, which the restarted worker settled with only "Hel" stored. */
  async function shownThenSettled(shown: string) {
    const id = await openConversation();
    await putMessage({ id: 'a1', conversationId: id, role: 'assistant', content: 'Hel', createdAt: 2, status: 'streaming' });
    // Opened again, the panel follows the answer being written.
    await useChatStore.getState().open(id);
    port.deliver({ type: 'snapshot', conversationId: id, messageId: 'a1', content: shown });
    await vi.waitFor(() => expect(useChatStore.getState().messages.at(-1)?.content).toBe(shown));
    const interrupted = chatError('interrupted', 'stopped');
    await putMessage({
      id: 'a1',
      conversationId: id,
      role: 'assistant',
      content: 'Hel',
      createdAt: 2,
      status: 'incomplete',
      error: interrupted,
    });
    return { id, interrupted };
  }

  it('keeps the text it showed when the worker stopped before checkpointing it', async () => {
    const { id, interrupted } = await shownThenSettled('Hello the');

    port.deliver({ type: 'ended', conversationId: id, messageId: 'a1', status: 'incomplete', error: interrupted });

    await vi.waitFor(async () => expect((await getMessage('a1'))?.content).toBe('Hello the'));
    expect(useChatStore.getState().messages.at(-1)).toMatchObject({ content: 'Hello the', status: 'incomplete' });
  });

  it('keeps the text it showed however the settled answer is read back, as when the conversation is opened again', async () => {
    const { id } = await shownThenSettled('Hello there');

    // No "ended" reached this panel: the user opened the conversation again from History.
    await useChatStore.getState().open(id);

    expect(useChatStore.getState().messages.at(-1)).toMatchObject({ content: 'Hello there', status: 'incomplete' });
    expect((await getMessage('a1'))?.content).toBe('Hello there');
  });
});

describe('deleting one message', () => {
  it('removes it from the view and from storage, and puts it back in its place on undo', async () => {
    const id = await openConversation();
    await putMessage({ id: 'a0', conversationId: id, role: 'assistant', content: 'Answer', createdAt: 2, status: 'complete' });
    await putMessage({ id: 'u1', conversationId: id, role: 'user', content: 'Second', createdAt: 3, status: 'complete' });
    await useChatStore.getState().reloadMessages();

    const removed = await useChatStore.getState().deleteMessage('a0');

    expect(removed?.content).toBe('Answer');
    expect(useChatStore.getState().messages.map((m) => m.id)).toEqual(['u0', 'u1']);
    expect((await listMessages(id)).map((m) => m.id)).toEqual(['u0', 'u1']);

    await useChatStore.getState().restoreMessage(removed!);
    expect(useChatStore.getState().messages.map((m) => m.id)).toEqual(['u0', 'a0', 'u1']);
    expect((await listMessages(id)).map((m) => m.id)).toEqual(['u0', 'a0', 'u1']);
  });

  it('leaves an answer that is still being written alone', async () => {
    const id = await openConversation();
    await putMessage({ id: 'a0', conversationId: id, role: 'assistant', content: '', createdAt: 2, status: 'streaming' });
    await useChatStore.getState().reloadMessages();

    expect(await useChatStore.getState().deleteMessage('a0')).toBeUndefined();
    expect((await listMessages(id)).map((m) => m.id)).toEqual(['u0', 'a0']);
  });
});

describe('streamed deltas', () => {
  it('reach the view at most once a frame, and at once after a quiet frame or when the text is done', async () => {
    const id = await openConversation();
    await putMessage({ id: 'a1', conversationId: id, role: 'assistant', content: '', createdAt: 2, status: 'streaming' });
    // Opened again, the panel follows the answer being written.
    await useChatStore.getState().open(id);
    const shown: string[] = [];
    const stop = useChatStore.subscribe((s) => shown.push(s.messages.at(-1)!.content));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const delta = (text: string) => port.deliver({ type: 'delta', conversationId: id, messageId: 'a1', text });
      vi.advanceTimersByTime(100);
      delta('One');
      expect(shown).toEqual(['One']);
      for (const word of [' two', ' three', ' four']) {
        vi.advanceTimersByTime(4);
        delta(word);
      }
      expect(shown).toEqual(['One']);
      vi.advanceTimersByTime(4);
      expect(shown).toEqual(['One', 'One two three four']);
      // The stream's last word after a quiet frame is not held back for a timer.
      vi.advanceTimersByTime(50);
      delta(' five.');
      expect(shown.at(-1)).toBe('One two three four five.');
      // Once the model says its text is done, what is held shows without waiting for the frame.
      vi.advanceTimersByTime(4);
      delta(' Six.');
      expect(shown.at(-1)).toBe('One two three four five.');
      port.deliver({ type: 'text-done', conversationId: id, messageId: 'a1' });
      expect(shown.at(-1)).toBe('One two three four five. Six.');
    } finally {
      vi.useRealTimers();
      stop();
    }
  });
});

/** A conversation of `count` messages, m0 to m{count - 1}, the user's and the assistant's in turn. */
async function conversationOf(count: number) {
  const c = await createConversation({ model });
  for (let i = 0; i < count; i++) {
    const role = i % 2 ? 'assistant' : 'user';
    await putMessage({ id: `m${i}`, conversationId: c.id, role, content: `Message ${i}`, createdAt: i + 1, status: 'complete' });
  }
  return c;
}

describe('opening a long conversation', () => {
  it('shows its latest messages first, then adds the earlier ones before them, keeping what changed meanwhile', async () => {
    const c = await conversationOf(50);
    const shown: string[][] = [];
    const stop = useChatStore.subscribe((s, before) => {
      if (s.messages === before.messages) return;
      shown.push(s.messages.map((m) => m.id));
      // An answer grows on screen before the earlier messages are read.
      if (shown.length === 1) {
        useChatStore.setState({ messages: s.messages.map((m) => (m.id === 'm49' ? { ...m, content: 'Message 49, grown' } : m)) });
      }
    });
    try {
      await useChatStore.getState().open(c.id);
      await vi.waitFor(() => expect(useChatStore.getState().messages).toHaveLength(50));
    } finally {
      stop();
    }

    expect(shown[0]).toEqual(Array.from({ length: 20 }, (_, i) => `m${30 + i}`));
    expect(useChatStore.getState().messages.map((m) => m.id)).toEqual(Array.from({ length: 50 }, (_, i) => `m${i}`));
    expect(useChatStore.getState().messages.at(-1)?.content).toBe('Message 49, grown');
  });

  it('reads the earlier messages once the panel is idle, not while it renders the latest, and soon even if it never idles', async () => {
    const c = await conversationOf(50);
    const idle: { run: () => void; timeout?: number }[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void, options?: { timeout?: number }) =>
      idle.push({ run, timeout: options?.timeout }),
    );
    await useChatStore.getState().open(c.id);
    // A read started alongside the first paint would have landed by now.
    await new Promise((settle) => setTimeout(settle, 50));
    expect(useChatStore.getState().messages).toHaveLength(20);
    expect(idle).toHaveLength(1);
    expect(idle[0]!.timeout).toBeLessThanOrEqual(200);

    idle[0]!.run();
    await vi.waitFor(() => expect(useChatStore.getState().messages).toHaveLength(50));
  });

  it('paints first only the messages that fill the panel, even of a conversation read whole, then the rest', async () => {
    const c = await conversationOf(12);
    // One-line messages are estimated at 44 px: five fill a 200 px panel.
    vi.stubGlobal('window', { innerWidth: 400, innerHeight: 200 });
    const shown: string[][] = [];
    const stop = useChatStore.subscribe((s, before) => {
      if (s.messages !== before.messages) shown.push(s.messages.map((m) => m.id));
    });
    try {
      await useChatStore.getState().open(c.id);
      await vi.waitFor(() => expect(useChatStore.getState().messages).toHaveLength(12));
    } finally {
      stop();
    }
    expect(shown[0]).toEqual(['m7', 'm8', 'm9', 'm10', 'm11']);
    expect(shown.at(-1)).toEqual(Array.from({ length: 12 }, (_, i) => `m${i}`));
  });
});

describe('two chat stores', () => {
  it('share nothing: each opens its own port, and what the background sends one never reaches the other', async () => {
    const id = await openConversation();
    const otherPort = fakeChatPort();
    const other = createChatStore({ connect: otherPort.connect });
    await other.getState().open(id);
    await putMessage({ id: 'a1', conversationId: id, role: 'assistant', content: '', createdAt: 2, status: 'streaming' });
    await useChatStore.getState().open(id);
    await other.getState().open(id);
    expect([port.opened, otherPort.opened]).toEqual([1, 1]);

    port.deliver({ type: 'delta', conversationId: id, messageId: 'a1', text: 'Mine' });

    expect(useChatStore.getState().messages.at(-1)?.content).toBe('Mine');
    expect(other.getState().messages.at(-1)?.content).toBe('');
  });
});
