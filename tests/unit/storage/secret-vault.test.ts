import { deleteDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { ChatFailure } from '../../../lib/core/errors';
import { closeDb, DB_NAME, getDb } from '../../../lib/storage/db';
import { deleteSecrets, getSecrets, secretFieldsSet, setSecrets } from '../../../lib/storage/secret-vault';

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
});

const API_KEY = 'sk-live-0123456789abcdef';
const HEADERS = '{"X-Team":"blue"}';

async function rawRecord(ownerId: string) {
  return (await getDb()).get('vault', ownerId);
}

function contains(haystack: ArrayBuffer | Uint8Array, needle: string): boolean {
  const bytes = new Uint8Array(haystack instanceof Uint8Array ? haystack.buffer : haystack);
  return Buffer.from(bytes).includes(Buffer.from(needle));
}

async function expectUndecryptable(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ChatFailure);
  expect((error as ChatFailure).error.code).toBe('credential-missing');
}

describe('secret vault', () => {
  it('round-trips secrets and reports which fields are set', async () => {
    await setSecrets('p1', { apiKey: API_KEY, extraHeaders: HEADERS });
    expect(await getSecrets('p1')).toEqual({ apiKey: API_KEY, extraHeaders: HEADERS });
    expect(await secretFieldsSet('p1')).toEqual({ apiKey: true, extraHeaders: true });
  });

  it('is empty for an unknown owner', async () => {
    expect(await getSecrets('nobody')).toEqual({});
    expect(await secretFieldsSet('nobody')).toEqual({});
  });

  it('merges: fields not mentioned keep their value, empty strings remove a field', async () => {
    await setSecrets('p1', { apiKey: API_KEY, extraHeaders: HEADERS });
    await setSecrets('p1', { apiKey: 'sk-new', extraHeaders: '' });
    expect(await getSecrets('p1')).toEqual({ apiKey: 'sk-new' });
    await setSecrets('p1', { pluginSettings: '{"units":"metric"}' });
    expect(await getSecrets('p1')).toEqual({ apiKey: 'sk-new', pluginSettings: '{"units":"metric"}' });
    await setSecrets('p1', { apiKey: '', pluginSettings: '' });
    expect(await rawRecord('p1')).toBeUndefined();
    expect(await secretFieldsSet('p1')).toEqual({});
  });

  it('keeps owners apart and deletes one without touching another', async () => {
    await setSecrets('p1', { apiKey: 'one' });
    await setSecrets('p2', { apiKey: 'two' });
    await deleteSecrets('p1');
    expect(await getSecrets('p1')).toEqual({});
    expect(await secretFieldsSet('p1')).toEqual({});
    expect(await getSecrets('p2')).toEqual({ apiKey: 'two' });
  });

  it('stores only ciphertext, with a fresh IV each time', async () => {
    await setSecrets('p1', { apiKey: API_KEY, again: API_KEY });
    const record = (await rawRecord('p1'))!;
    const apiKey = record.fields.apiKey!;
    const again = record.fields.again!;
    for (const sealed of [apiKey, again]) {
      expect(sealed.iv.byteLength).toBe(12);
      expect(contains(sealed.data, API_KEY)).toBe(false);
      expect(contains(sealed.data, 'sk-live')).toBe(false);
    }
    expect(Buffer.from(apiKey.iv).equals(Buffer.from(again.iv))).toBe(false);
    expect(Buffer.from(apiKey.data).equals(Buffer.from(again.data))).toBe(false);
    // Nothing anywhere in the database holds the secret in clear.
    const db = await getDb();
    for (const store of db.objectStoreNames) {
      const dump = JSON.stringify(await db.getAll(store), (_k, v: unknown) =>
        v instanceof ArrayBuffer || ArrayBuffer.isView(v) ? Buffer.from(v as ArrayBuffer).toString('latin1') : v,
      );
      expect(dump).not.toContain(API_KEY);
    }
  });

  it('keeps its key non-extractable, across reopening the database', async () => {
    await setSecrets('p1', { apiKey: API_KEY });
    await closeDb();
    const keys = await (await getDb()).getAll('vaultKeys');
    expect(keys).toHaveLength(1);
    const key = keys[0]!;
    expect(key).toBeInstanceOf(CryptoKey);
    expect(key.extractable).toBe(false);
    expect(key.usages.sort()).toEqual(['decrypt', 'encrypt']);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
    expect(await getSecrets('p1')).toEqual({ apiKey: API_KEY });
  });

  it('creates a single key when first used from several places at once', async () => {
    await Promise.all([setSecrets('a', { apiKey: 'A' }), setSecrets('b', { apiKey: 'B' }), setSecrets('c', { apiKey: 'C' })]);
    expect(await (await getDb()).count('vaultKeys')).toBe(1);
    expect(await getSecrets('a')).toEqual({ apiKey: 'A' });
    expect(await getSecrets('b')).toEqual({ apiKey: 'B' });
    expect(await getSecrets('c')).toEqual({ apiKey: 'C' });
  });

  it('refuses tampered ciphertext as a missing credential', async () => {
    await setSecrets('p1', { apiKey: API_KEY });
    const db = await getDb();
    const record = (await rawRecord('p1'))!;
    const data = new Uint8Array(record.fields.apiKey!.data);
    data[0]! ^= 1;
    await db.put('vault', record);
    await expectUndecryptable(getSecrets('p1'));
  });

  it('refuses a ciphertext moved to another owner or field', async () => {
    await setSecrets('p1', { apiKey: API_KEY });
    await setSecrets('p2', { apiKey: 'other' });
    const db = await getDb();
    const stolen = (await rawRecord('p1'))!.fields.apiKey!;
    await db.put('vault', { ownerId: 'p2', fields: { apiKey: stolen } });
    await expectUndecryptable(getSecrets('p2'));
    await db.put('vault', { ownerId: 'p1', fields: { extraHeaders: stolen } });
    await expectUndecryptable(getSecrets('p1'));
  });
});
