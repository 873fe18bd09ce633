import { deleteDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notifyChange, onStorageChange, type StorageChange } from '../../../lib/storage/change-feed';
import { createConversation, deleteMessagesAfter, patchMessage, putMessage, updateConversation } from '../../../lib/storage/conversations';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { setPref } from '../../../lib/storage/prefs';
import { deleteProvider, saveProvider } from '../../../lib/storage/provider-records';
import { setSecrets } from '../../../lib/storage/secret-vault';

const unsubscribes: (() => void)[] = [];

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
});

afterEach(() => {
  for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
});

/** Collects changes heard on the channel, as another extension context would. */
function listen(): StorageChange[] {
  const heard: StorageChange[] = [];
  unsubscribes.push(onStorageChange((c) => heard.push(c)));
  return heard;
}

/** Posts a marker and waits for it: everything posted earlier has been delivered by then. */
async function settle(heard: StorageChange[]): Promise<StorageChange[]> {
  const marker = `settle:${crypto.randomUUID()}`;
  notifyChange({ type: 'prefs', id: marker });
  await expect.poll(() => heard.some((c) => c.id === marker)).toBe(true);
  return heard.filter((c) => !c.id.startsWith('settle:'));
}

describe('change feed', () => {
  it('tells listeners about conversation and message writes', async () => {
    const heard = listen();
    const c = await createConversation();
    await updateConversation(c.id, { systemPrompt: 'x' });
    const m = { id: 'm1', conversationId: c.id, role: 'user', content: 'hi', createdAt: 1, status: 'complete' } as const;
    await putMessage(m);
    await putMessage({ ...m, id: 'm2', createdAt: 2 });
    await patchMessage('m1', { content: 'hey' });
    await deleteMessagesAfter(c.id, 'm1');

    expect(await settle(heard)).toEqual([
      { type: 'conversation', id: c.id },
      { type: 'conversation', id: c.id },
      { type: 'message', id: 'm1', conversationId: c.id },
      { type: 'conversation', id: c.id },
      { type: 'message', id: 'm2', conversationId: c.id },
      { type: 'conversation', id: c.id },
      { type: 'message', id: 'm1', conversationId: c.id },
      { type: 'message', id: 'm2', conversationId: c.id },
    ]);
  });

  it('tells listeners about providers, prefs and secrets, without any values', async () => {
    const heard = listen();
    await saveProvider({ id: 'p1', kind: 'ollama', name: 'Local', settings: {}, manualModels: [], createdAt: 1 });
    await deleteProvider('p1');
    await setPref('onboardingDone', true);
    await setSecrets('p1', { apiKey: 'sk-secret' });

    const changes = await settle(heard);
    expect(changes).toEqual([
      { type: 'providers', id: 'p1' },
      { type: 'providers', id: 'p1' },
      { type: 'prefs', id: 'onboardingDone' },
      { type: 'secrets', id: 'p1' },
    ]);
    expect(JSON.stringify(changes)).not.toContain('sk-secret');
  });

  it('delivers to every listener and stops after unsubscribing', async () => {
    const first: StorageChange[] = [];
    const second = listen();
    const unsubscribe = onStorageChange((c) => first.push(c));
    notifyChange({ type: 'prefs', id: 'locale' });
    await settle(second);
    expect(first[0]).toEqual({ type: 'prefs', id: 'locale' });
    const heardBefore = first.length;

    unsubscribe();
    notifyChange({ type: 'prefs', id: 'locale' });
    expect(await settle(second)).toEqual([
      { type: 'prefs', id: 'locale' },
      { type: 'prefs', id: 'locale' },
    ]);
    expect(first).toHaveLength(heardBefore);
  });
});
