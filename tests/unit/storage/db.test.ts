import { deleteDB, openDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { closeDb, DB_NAME, getDb, reserveMessageSeq } from '../../../lib/storage/db';

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
});

describe('getDb', () => {
  it('creates every store with its indexes on a fresh database', async () => {
    const db = await getDb();
    expect([...db.objectStoreNames].sort()).toEqual(
      ['conversations', 'images', 'messages', 'meta', 'plugins', 'prefs', 'providers', 'quarantine', 'vault', 'vaultKeys'].sort(),
    );
    expect([...db.transaction('images').store.indexNames]).toEqual(['conversationId']);
    const tx = db.transaction(['conversations', 'messages', 'providers'], 'readonly');
    expect([...tx.objectStore('conversations').indexNames]).toEqual(['updatedAt']);
    expect([...tx.objectStore('messages').indexNames].sort()).toEqual(['conversationCreatedAt', 'conversationId', 'status'].sort());
    expect(tx.objectStore('messages').index('conversationCreatedAt').keyPath).toEqual(['conversationId', 'createdAt']);
    expect([...tx.objectStore('providers').indexNames]).toEqual(['createdAt']);
  });

  it('shares one connection until closed, then reopens with the data intact', async () => {
    const first = await getDb();
    expect(await getDb()).toBe(first);
    await first.put('prefs', 'kept', 'probe');
    await closeDb();
    const second = await getDb();
    expect(second).not.toBe(first);
    expect(await second.get('prefs', 'probe')).toBe('kept');
  });

  it('steps aside when another context opens a newer schema version', async () => {
    const ours = await getDb();
    // Without the blocking handler this open would stay blocked forever.
    const newer = await openDB(DB_NAME, ours.version + 1);
    expect(newer.version).toBe(ours.version + 1);
    newer.close();
  });

  it('retries opening after a failed open instead of caching the failure', async () => {
    // A newer schema than this code knows makes the open fail with VersionError.
    const future = await openDB(DB_NAME, 1_000);
    future.close();
    await expect(getDb()).rejects.toMatchObject({ name: 'VersionError' });
    await closeDb();
    await deleteDB(DB_NAME);
    expect((await getDb()).objectStoreNames.contains('conversations')).toBe(true);
  });
});

describe('reserveMessageSeq', () => {
  it('hands out consecutive blocks that never overlap', async () => {
    const db = await getDb();
    const reserve = async (count?: number) => {
      const tx = db.transaction('meta', 'readwrite');
      const first = await reserveMessageSeq(tx.store, count);
      await tx.done;
      return first;
    };
    expect(await reserve()).toBe(1);
    expect(await reserve(3)).toBe(2);
    expect(await reserve()).toBe(5);
  });
});
