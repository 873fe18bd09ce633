import { beforeEach, describe, expect, it } from 'vitest';
import { deleteDB } from 'idb';
import { clearAllData } from '../../../lib/storage/clear-all';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { createConversation, listConversations } from '../../../lib/storage/conversations';
import { getPref, setPref } from '../../../lib/storage/prefs';
import { listProviders, saveProvider } from '../../../lib/storage/provider-records';
import { getSecrets, setSecrets } from '../../../lib/storage/secret-vault';
import { onStorageChange, type StorageChange } from '../../../lib/storage/change-feed';

describe('clear all data', () => {
  beforeEach(async () => {
    await closeDb();
    await deleteDB(DB_NAME);
  });

  it('removes conversations, providers, keys and preferences, and tells open views', async () => {
    const conversation = await createConversation({ title: 'Kept until now' });
    await saveProvider({ id: 'p1', kind: 'openai', name: 'OpenAI', settings: {}, manualModels: [], createdAt: 1 });
    await setSecrets('p1', { apiKey: 'sk-gone' });
    await setPref('locale', 'de-DE');
    const heard: StorageChange[] = [];
    const stop = onStorageChange((c) => heard.push(c));
    try {
      await clearAllData();
      expect(await listConversations()).toEqual([]);
      expect(await listProviders()).toEqual([]);
      expect(await getSecrets('p1')).toEqual({});
      expect(await getPref('locale')).toBeUndefined();
      await expect
        .poll(() => heard)
        .toEqual(
          expect.arrayContaining([
            { type: 'conversation', id: conversation.id },
            { type: 'providers', id: 'p1' },
            { type: 'secrets', id: 'p1' },
          ]),
        );
    } finally {
      stop();
    }
  });
});
