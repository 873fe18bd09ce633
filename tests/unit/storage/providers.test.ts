import { deleteDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProviderConfig } from '../../../lib/core/providers';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { deleteProvider, getProvider, listProviders, saveProvider } from '../../../lib/storage/provider-records';

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
});

function config(fields: Partial<ProviderConfig>): ProviderConfig {
  return { id: crypto.randomUUID(), kind: 'ollama', name: 'Local', settings: {}, manualModels: [], createdAt: 1, ...fields };
}

describe('providers', () => {
  it('saves, reads and replaces a config', async () => {
    const p = config({ settings: { baseUrl: 'http://127.0.0.1:11434' }, manualModels: ['llama3'] });
    await saveProvider(p);
    expect(await getProvider(p.id)).toEqual(p);

    const renamed = { ...p, name: 'Workstation', manualModels: [] };
    await saveProvider(renamed);
    expect(await getProvider(p.id)).toEqual(renamed);
    expect(await listProviders()).toHaveLength(1);
  });

  it('lists oldest first', async () => {
    const newer = config({ name: 'newer', createdAt: 300 });
    const oldest = config({ name: 'oldest', createdAt: 100 });
    const middle = config({ name: 'middle', createdAt: 200 });
    for (const p of [newer, oldest, middle]) await saveProvider(p);
    expect((await listProviders()).map((p) => p.name)).toEqual(['oldest', 'middle', 'newer']);
  });

  it('never stores settings the kind declares secret', async () => {
    const p = config({
      kind: 'openai',
      settings: { apiKey: 'sk-leak', extraHeaders: '{"x":"y"}', organization: 'org-1', baseUrl: '' },
    });
    await saveProvider(p);
    expect((await getProvider(p.id))?.settings).toEqual({ organization: 'org-1', baseUrl: '' });
  });

  it('deletes a config and leaves the others', async () => {
    const a = config({ createdAt: 1 });
    const b = config({ createdAt: 2 });
    await saveProvider(a);
    await saveProvider(b);
    await deleteProvider(a.id);
    expect(await getProvider(a.id)).toBeUndefined();
    expect(await listProviders()).toEqual([b]);
    await expect(deleteProvider('unknown')).resolves.toBeUndefined();
  });
});
