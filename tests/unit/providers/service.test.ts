import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteDB } from 'idb';
import { ChatFailure } from '../../../lib/core/errors';
import type { ProviderConfig } from '../../../lib/core/providers';
import {
  detectLocalModels,
  providerViews,
  removeProvider,
  resolveModel,
  restoreProvider,
  RESTORE_WINDOW_MS,
  saveProviderWithSecrets,
} from '../../../lib/providers/service';
import { startOllamaMock } from '../../mocks/ollama-server';
import { setPref } from '../../../lib/storage/prefs';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { getSecrets } from '../../../lib/storage/secret-vault';

const config = (over: Partial<ProviderConfig> = {}): ProviderConfig => ({
  id: 'p1',
  kind: 'openai',
  name: 'OpenAI',
  settings: {},
  manualModels: [],
  createdAt: 1,
  ...over,
});

async function failure(p: Promise<unknown>): Promise<string> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  return e instanceof ChatFailure ? `${e.error.code}: ${e.error.message}` : String(e);
}

describe('provider service', () => {
  beforeEach(async () => {
    await closeDb();
    await deleteDB(DB_NAME);
  });

  it('refuses a missing or blank key with "Credential is missing"', async () => {
    expect(await failure(saveProviderWithSecrets(config(), {}))).toBe('credential-missing: Credential is missing');
    expect(await failure(saveProviderWithSecrets(config(), { apiKey: '   ' }))).toBe('credential-missing: Credential is missing');
    expect(
      await failure(
        saveProviderWithSecrets(config({ kind: 'openai-compatible', settings: { baseUrl: 'http://127.0.0.1:1/v1' } }), { apiKey: ' ' }),
      ),
    ).toBe('credential-missing: Credential is missing');
    expect(await providerViews()).toEqual([]);
  });

  it('refuses to attach a key to a plain-http address that is not this computer', async () => {
    const p = config({ kind: 'openai-compatible', settings: { baseUrl: 'http://192.168.1.5:8000/v1' } });
    expect(await failure(saveProviderWithSecrets(p, { apiKey: 'sk-1' }))).toMatch(/^insecure-url/);
    // Without a key, a LAN server is fine.
    await saveProviderWithSecrets(p, {});
    expect((await providerViews()).map((v) => v.id)).toEqual(['p1']);
  });

  it('shows only which secrets are set, keeps untouched ones, and removes them with the provider', async () => {
    await saveProviderWithSecrets(config(), { apiKey: 'sk-secret-1' });
    const [view] = await providerViews();
    expect(view!.secretsSet).toEqual({ apiKey: true });
    expect(JSON.stringify(view)).not.toContain('sk-secret-1');
    await saveProviderWithSecrets(config({ name: 'Renamed' }), {});
    expect(await getSecrets('p1')).toEqual({ apiKey: 'sk-secret-1' });
    await removeProvider('p1');
    expect(await getSecrets('p1')).toEqual({});
  });

  it('restores a provider removed moments ago with its key, and only within the undo window', async () => {
    await saveProviderWithSecrets(config({ name: 'Mine' }), { apiKey: 'sk-secret-undo' });
    await removeProvider('p1');
    expect(await providerViews()).toEqual([]);
    const view = await restoreProvider('p1');
    expect(view).toMatchObject({ id: 'p1', name: 'Mine', secretsSet: { apiKey: true } });
    expect(await getSecrets('p1')).toEqual({ apiKey: 'sk-secret-undo' });
    expect(await failure(restoreProvider('p1'))).toMatch(/^not-found/);

    const now = Date.now();
    await removeProvider('p1');
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + RESTORE_WINDOW_MS + 1_000);
    try {
      expect(await failure(restoreProvider('p1'))).toMatch(/^not-found/);
      expect(await providerViews()).toEqual([]);
    } finally {
      clock.mockRestore();
    }
  });

  it('gives credentialed providers a fetch that refuses insecure hosts', async () => {
    await saveProviderWithSecrets(config(), { apiKey: 'sk-1' });
    const { context, adapter } = await resolveModel({ providerId: 'p1', model: 'gpt' });
    expect(adapter.kind).toBe('openai');
    expect(context.settings.baseUrl).toBe('https://api.openai.com/v1');
    expect(await failure(context.fetch('http://example.test/'))).toMatch(/^insecure-url/);
    expect(await failure(resolveModel({ providerId: 'gone', model: 'x' }))).toMatch(/^not-found/);
  });

  it('looks for a local Ollama at its default address unless the address pref says otherwise', async () => {
    const probed: string[] = [];
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      probed.push(String(input));
      throw new TypeError('connection refused');
    });
    try {
      expect(await detectLocalModels()).toEqual({});
    } finally {
      fetchSpy.mockRestore();
    }
    expect(probed).toEqual(['http://127.0.0.1:11434/api/tags']);

    const ollama = await startOllamaMock({ models: ['qwen3'] });
    try {
      await setPref('localOllamaUrl', ollama.url);
      const found = await detectLocalModels();
      expect(found.ollama?.baseUrl).toBe(ollama.url);
      expect(found.ollama?.models.map((m) => m.id)).toEqual(['qwen3:latest']);
    } finally {
      await ollama.close();
    }
  });
});
