// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onStorageChange } from '../../../lib/storage/change-feed';
import { clearAllData } from '../../../lib/storage/clear-all';
import { removeConversations } from '../../../lib/storage/conversation-removal';
import { createConversation, deleteMessages, getMessage, patchMessage, putMessage } from '../../../lib/storage/conversations';
import { followEarlyCopies } from '../../../components/startup/follow-early-copies';
import { readLastScreen, type LastScreen } from '../../../components/startup/last-screen';

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});
beforeEach(() => localStorage.clear());

/** A conversation of two messages, the panel's last, with a copy of its last screen kept and followed. */
async function copiedConversation(): Promise<{ id: string; messages: string[] }> {
  const { id } = await createConversation();
  const messages = ['question', 'answer'].map((content) => `${content}-${crypto.randomUUID()}`);
  for (const [i, message] of messages.entries()) {
    await putMessage({
      id: message,
      conversationId: id,
      role: i ? 'assistant' : 'user',
      content: message,
      createdAt: i,
      status: 'complete',
    });
  }
  const screen: LastScreen = { id, html: `<div><article>${messages.join(' ')}</article></div>`, css: '', top: 40, bottom: 80 };
  localStorage.setItem('parley.lastScreen', JSON.stringify(screen));
  stops.push(followEarlyCopies({ lastConversationId: id }));
  return { id, messages };
}

/** Resolves once the feed has delivered the change naming `id`, and a read issued after the follower's has answered. */
function heard(id: string): Promise<void> {
  return new Promise((done) => {
    const stop = onStorageChange((change) => {
      if (change.id !== id) return;
      stop();
      void getMessage(id).then(() => done());
    });
  });
}

describe('the copy of the last screen, following the stored data', () => {
  it('is forgotten when its conversation is removed through the storage layer, which no view asked', async () => {
    const { id } = await copiedConversation();
    await removeConversations([id]);
    await vi.waitFor(() => expect(readLastScreen()).toBeUndefined());
  });

  it('is forgotten when a message of its conversation is deleted', async () => {
    const { id, messages } = await copiedConversation();
    await deleteMessages(id, [messages[0]!]);
    await vi.waitFor(() => expect(readLastScreen()).toBeUndefined());
  });

  it('is forgotten when all data is cleared', async () => {
    await copiedConversation();
    await clearAllData();
    await vi.waitFor(() => expect(readLastScreen()).toBeUndefined());
  });

  it('is kept through a change that keeps its messages, and another conversation removed', async () => {
    const { id, messages } = await copiedConversation();
    const other = await createConversation();
    const done = heard(messages[1]!);
    await patchMessage(messages[1]!, { content: 'answer, edited' });
    await done;
    const removed = heard(other.id);
    await removeConversations([other.id]);
    await removed;
    expect(readLastScreen()?.id).toBe(id);
  });

  it('is forgotten on opening when it shows another conversation than the one the panel opens', async () => {
    const { id } = await copiedConversation();
    stops.push(followEarlyCopies({ lastConversationId: 'another' }));
    expect(readLastScreen()).toBeUndefined();
    expect(id).not.toBe('another');
  });
});
