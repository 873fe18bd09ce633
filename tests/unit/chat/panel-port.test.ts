import { deleteDB } from 'idb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatEvent } from '../../../lib/core/chat';
import type { StoredMessage } from '../../../lib/core/conversation';
import type { BackgroundToPanel } from '../../../lib/messaging/protocol';
import { loadTurn } from '../../../lib/chat/load-turn';
import { handlePanelMessage, settleOrphans } from '../../../lib/chat/panel-port';
import { StreamRegistry } from '../../../lib/chat/stream-registry';
import { createConversation, getMessage, patchMessage, putMessage } from '../../../lib/storage/conversations';
import { closeDb, DB_NAME } from '../../../lib/storage/db';

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
});

/** A registry as a freshly started worker has it: nothing running unless a test starts something. */
function registry(chat: () => AsyncIterable<ChatEvent> = async function* () {}) {
  return new StreamRegistry({
    loadTurn,
    resolve: async () => ({
      adapter: { kind: 'openai', maxTools: 128, listModels: async () => [], chat },
      context: {
        config: { id: 'p1', kind: 'openai', name: 'x', settings: {}, manualModels: [], createdAt: 0 },
        settings: {},
        secrets: {},
        fetch,
      },
    }),
    patchMessage: async (id, patch) => void (await patchMessage(id, patch)),
    keepAlive: () => () => undefined,
  });
}

async function conversationWithOrphan(content: string) {
  const c = await createConversation({ model: { providerId: 'p1', model: 'm1' } });
  const user: StoredMessage = { id: 'u1', conversationId: c.id, role: 'user', content: 'Hi', createdAt: 1, status: 'complete' };
  const answer: StoredMessage = { id: 'a1', conversationId: c.id, role: 'assistant', content, createdAt: 2, status: 'streaming' };
  await putMessage(user);
  await putMessage(answer);
  return c.id;
}

function panel() {
  const seen: BackgroundToPanel[] = [];
  return { seen, watcher: { send: (m: BackgroundToPanel) => seen.push(m) } };
}

describe('the background answering a panel', () => {
  it('tells a panel watching an answer the restarted worker already settled what became of it', async () => {
    const id = await conversationWithOrphan('Half of it');
    // The worker settles orphans when it starts, before it serves the panel's watch.
    expect(await settleOrphans([])).toEqual(['a1']);
    const p = panel();
    await handlePanelMessage(registry(), { type: 'watch', conversationId: id }, p.watcher);
    expect(p.seen).toEqual([
      {
        type: 'ended',
        conversationId: id,
        messageId: 'a1',
        status: 'incomplete',
        error: expect.objectContaining({ code: 'interrupted', retryable: true }),
      },
    ]);
    expect(await getMessage('a1')).toMatchObject({ content: 'Half of it', status: 'incomplete', error: { code: 'interrupted' } });
  });

  it('settles an orphan it finds still streaming when a panel watches it', async () => {
    const id = await conversationWithOrphan('');
    const p = panel();
    await handlePanelMessage(registry(), { type: 'watch', conversationId: id }, p.watcher);
    expect(p.seen).toMatchObject([{ type: 'ended', messageId: 'a1', status: 'error', error: { code: 'interrupted' } }]);
  });

  it('answers Stop pressed while no worker was running with the settled answer', async () => {
    const id = await conversationWithOrphan('Some text');
    const p = panel();
    await handlePanelMessage(registry(), { type: 'stop', conversationId: id }, p.watcher);
    expect(p.seen).toMatchObject([{ type: 'ended', messageId: 'a1', status: 'incomplete', error: { code: 'interrupted' } }]);
  });

  it('follows a running answer with a snapshot, and leaves it streaming in storage', async () => {
    const id = await conversationWithOrphan('');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const streams = registry(async function* () {
      yield { type: 'text-delta', text: 'live' };
      await gate;
      yield { type: 'finish', reason: 'stop' };
    });
    const writer = panel();
    const done = streams.start(id, 'a1', writer.watcher);
    await vi.waitFor(() => expect(writer.seen).toHaveLength(1));
    const reader = panel();
    await handlePanelMessage(streams, { type: 'watch', conversationId: id }, reader.watcher);
    expect(reader.seen).toEqual([{ type: 'snapshot', conversationId: id, messageId: 'a1', content: 'live' }]);
    expect((await getMessage('a1'))?.status).toBe('streaming');
    release();
    await done;
  });
});
