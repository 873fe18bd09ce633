import { deleteDB } from 'idb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ManifestPreview } from '../../../lib/messaging/plugin-protocol';
import { MAX_INDEX_BYTES } from '../../../lib/plugins/index-format';
import { pluginSecretOwner } from '../../../lib/plugins/installed';
import type { BuiltinPlugin } from '../../../lib/plugins/runtime';
import { createPluginService } from '../../../lib/plugins/plugin-service';
import { getInstalledPlugin } from '../../../lib/plugins/plugin-records';
import { MAX_MANIFEST_BYTES } from '../../../lib/plugins/validate-manifest';
import { closeDb, DB_NAME, getDb } from '../../../lib/storage/db';
import { getSecrets } from '../../../lib/storage/secret-vault';
import { startPluginServer, type PluginMock } from '../../mocks/plugin-server';
import { failureOf } from '../support/failure';

let server: PluginMock;
beforeAll(async () => {
  server = await startPluginServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  server.clear();
  await closeDb();
  await deleteDB(DB_NAME);
});

const builtin: BuiltinPlugin = {
  manifest: { identifier: 'parley-page', type: 'default', meta: {}, api: [] },
  run: async () => '',
};
const service = createPluginService({ builtins: [builtin] });

async function manifestPreview(url: string): Promise<ManifestPreview> {
  const preview = await service.preview(url);
  if (preview.kind !== 'manifest') throw new Error(`expected a manifest, got ${JSON.stringify(preview)}`);
  return preview;
}

async function install(url: string) {
  const preview = await manifestPreview(url);
  return service.install({ manifestUrl: preview.manifestUrl, manifest: preview.manifest, origins: preview.origins });
}

describe('plugin previews', () => {
  it('shows a manifest with every origin it contacts, installing nothing', async () => {
    const preview = await manifestPreview(server.urls.clock);
    expect(preview.manifest.identifier).toBe('mock-clock');
    expect(preview.manifest.type).toBe('standalone');
    expect(preview.origins).toEqual([server.origin]);
    expect((await service.list()).map((v) => v.identifier)).toEqual(['parley-page']);
  });

  it('reads a LobeChat index into installable entries', async () => {
    const preview = await service.preview(server.urls.index);
    expect(preview).toMatchObject({ kind: 'index', indexUrl: server.urls.index, skipped: 0 });
    if (preview.kind !== 'index') return;
    expect(preview.entries.map((e) => [e.identifier, e.title, e.manifestUrl])).toEqual([
      ['mock-weather', 'Mock Weather', server.urls.weather],
      ['mock-report', 'Mock Report', server.urls.report],
      ['mock-clock', 'Mock Clock', server.urls.clock],
    ]);
  });

  it('explains why a document is refused', async () => {
    server.editManifest('weather', ({ api: _api, ...rest }) => rest);
    const preview = await service.preview(server.urls.weather);
    expect(preview).toMatchObject({ kind: 'invalid', issues: [{ code: 'missing-field', path: 'api' }] });
  });

  it('reports an installed identifier, and a built-in one, as taken', async () => {
    await install(server.urls.weather);
    expect(await service.preview(server.urls.weather)).toMatchObject({ kind: 'invalid', issues: [{ code: 'duplicate-identifier' }] });
    server.editManifest('report', (m) => ({ ...m, identifier: 'parley-page' }));
    expect(await service.preview(server.urls.report)).toMatchObject({ kind: 'invalid', issues: [{ code: 'duplicate-identifier' }] });
  });

  it('flags a module UI as unsupported and refuses to install it', async () => {
    server.editManifest('clock', (m) => ({ ...m, ui: { url: `${server.origin}/ui/module.js`, mode: 'module' } }));
    const preview = await manifestPreview(server.urls.clock);
    expect(preview.unsupported).toBe('module-ui');
    const error = await failureOf(
      service.install({ manifestUrl: preview.manifestUrl, manifest: preview.manifest, origins: preview.origins }),
    );
    expect(error.code).toBe('unsupported');
  });

  it('follows a redirect within the plugin host and shows the final address', async () => {
    const preview = await manifestPreview(server.redirectTo(server.urls.weather));
    expect(preview.manifest.identifier).toBe('mock-weather');
    expect(preview.manifestUrl).toBe(server.urls.weather);
  });

  it.each([
    ['another loopback service', () => `${server.foreignOrigin}/weather/manifest.json`],
    ['the same service under the name localhost', () => server.urls.weather.replace('127.0.0.1', 'localhost')],
  ])('refuses a manifest or index that redirects to %s, never asking it', async (_name, target) => {
    const error = await failureOf(service.preview(server.redirectTo(target())));
    expect(error.code).toBe('redirect-refused');
    expect(server.foreignRequests).toEqual([]);
    expect(server.requests.map((r) => r.path.split('?')[0])).toEqual(['/moved']);
  });

  it('refuses an update whose manifest now redirects to another origin', async () => {
    const view = await install(server.redirectTo(server.urls.weather));
    expect(view.manifestUrl).toBe(server.urls.weather);
    const preview = await manifestPreview(server.urls.report);
    await service.install({
      manifestUrl: server.redirectTo(`${server.foreignOrigin}/weather/manifest.json`),
      manifest: preview.manifest,
      origins: preview.origins,
    });
    expect((await failureOf(service.update('mock-report'))).code).toBe('redirect-refused');
    expect(server.foreignRequests).toEqual([]);
  });

  it.each([
    ['over the manifest limit', 2 * 1024 * 1024, MAX_MANIFEST_BYTES],
    ['over the most Parley reads of any document', MAX_INDEX_BYTES + 1, MAX_INDEX_BYTES],
  ])('says a manifest %s is too large, with the limit', async (_name, size, limit) => {
    server.editManifest('weather', (m) => ({ ...m, systemRole: 'x'.repeat(size) }));
    const preview = await service.preview(server.urls.weather);
    expect(preview).toMatchObject({ kind: 'invalid', issues: [{ code: 'too-large', limit }] });
  });

  it('refuses an http address that is not this computer', async () => {
    expect((await failureOf(service.preview('http://plugins.example/manifest.json'))).code).toBe('insecure-url');
  });
});

describe('installing', () => {
  it('installs only with every contacted origin approved', async () => {
    const preview = await manifestPreview(server.urls.weather);
    const refused = await failureOf(service.install({ manifestUrl: preview.manifestUrl, manifest: preview.manifest, origins: [] }));
    expect(refused.code).toBe('forbidden');
    expect(await getInstalledPlugin('mock-weather')).toBeUndefined();

    const view = await service.install({ manifestUrl: preview.manifestUrl, manifest: preview.manifest, origins: preview.origins });
    expect(view).toMatchObject({ identifier: 'mock-weather', builtin: false, origins: [server.origin], settingsSet: {} });
    expect((await service.list()).map((v) => v.identifier)).toEqual(['parley-page', 'mock-weather']);
  });

  it('re-validates what the panel sends', async () => {
    const preview = await manifestPreview(server.urls.weather);
    const tampered = { ...preview.manifest, api: [{ ...preview.manifest.api[0]!, url: 'http://evil.example/api' }] };
    const error = await failureOf(
      service.install({ manifestUrl: preview.manifestUrl, manifest: tampered, origins: ['http://evil.example'] }),
    );
    expect(error.code).toBe('bad-request');
    expect(error.message).toContain('https');
  });

  it('updates at once when the origins stay approved, and asks again when they grow', async () => {
    await install(server.urls.weather);
    server.editManifest('weather', (m) => ({ ...m, systemRole: 'Version two.' }));
    const same = await service.update('mock-weather');
    expect(same.kind).toBe('updated');
    expect((await getInstalledPlugin('mock-weather'))!.manifest.systemRole).toBe('Version two.');

    server.editManifest('weather', (m) => ({ ...m, ui: { url: 'https://ui.example/weather' } }));
    const grown = await service.update('mock-weather');
    expect(grown).toMatchObject({ kind: 'approve', preview: { origins: [server.origin, 'https://ui.example'].sort() } });
    expect((await getInstalledPlugin('mock-weather'))!.manifest.ui).toBeUndefined();
    if (grown.kind !== 'approve') return;
    const { preview } = grown;
    await service.install({ manifestUrl: preview.manifestUrl, manifest: preview.manifest, origins: preview.origins, replace: true });
    expect((await getInstalledPlugin('mock-weather'))!.origins).toEqual(preview.origins);
  });

  it('reports a manifest it now refuses, keeping the installed version', async () => {
    await install(server.urls.weather);
    server.editManifest('weather', (m) => ({ ...m, systemRole: 'x'.repeat(MAX_MANIFEST_BYTES) }));
    expect(await service.update('mock-weather')).toMatchObject({
      kind: 'invalid',
      issues: [{ code: 'too-large', limit: MAX_MANIFEST_BYTES }],
    });
    expect((await getInstalledPlugin('mock-weather'))!.manifest.systemRole).toBe('Use getWeather for every question about the weather.');
  });

  it('removes the plugin and its settings', async () => {
    await install(server.urls.weather);
    await service.saveSettings('mock-weather', { apiKey: 'k-1' });
    await service.remove('mock-weather');
    expect(await getInstalledPlugin('mock-weather')).toBeUndefined();
    expect(await getSecrets(pluginSecretOwner('mock-weather'))).toEqual({});
  });

  it('brings a removed plugin back with its settings when undone at once, and only once', async () => {
    await install(server.urls.weather);
    await service.saveSettings('mock-weather', { apiKey: 'k-1', units: 'imperial' });
    await service.remove('mock-weather');
    const restored = await service.restore('mock-weather');
    expect(restored.enabled).toBe(true);
    expect(await service.savedSettings('mock-weather')).toEqual({ apiKey: 'k-1', units: 'imperial' });
    expect((await failureOf(service.restore('mock-weather'))).code).toBe('not-found');
  });
});

describe('switching a plugin on and off', () => {
  it('keeps a plugin off while a required setting is empty, and refuses to switch it on', async () => {
    const installed = await install(server.urls.weather);
    expect(installed).toMatchObject({ enabled: false, missingSettings: ['apiKey'] });
    expect((await failureOf(service.setEnabled('mock-weather', true))).code).toBe('credential-missing');
    const filled = await service.saveSettings('mock-weather', { apiKey: 'k-1' });
    expect(filled).toMatchObject({ enabled: true, missingSettings: [] });
    expect((await service.setEnabled('mock-weather', false)).enabled).toBe(false);
    expect((await getInstalledPlugin('mock-weather'))?.enabled).toBe(false);
    expect((await service.setEnabled('mock-weather', true)).enabled).toBe(true);
  });
});

describe("choosing a plugin's tools", () => {
  it('stores which APIs are off with the plugin, dropping names it has not, and keeps them across a reinstall', async () => {
    await install(server.urls.weather);
    const view = await service.setDisabledTools('mock-weather', ['getWeather', 'noSuchApi']);
    expect(view.disabledTools).toEqual(['getWeather']);
    expect((await getInstalledPlugin('mock-weather'))?.disabledTools).toEqual(['getWeather']);
    const { manifestUrl, manifest, origins } = (await getInstalledPlugin('mock-weather'))!;
    expect((await service.install({ manifestUrl, manifest, origins, replace: true })).disabledTools).toEqual(['getWeather']);
    expect((await service.setDisabledTools('mock-weather', [])).disabledTools).toEqual([]);
  });
});

describe('plugin settings', () => {
  it('validates, seals and merges settings, showing only which are set', async () => {
    await install(server.urls.weather);
    const missing = await failureOf(service.saveSettings('mock-weather', { units: 'imperial' }));
    expect(missing).toMatchObject({ code: 'bad-request' });
    expect(missing.message).toContain('apiKey');
    const wrongType = await failureOf(service.saveSettings('mock-weather', { apiKey: 'k', days: 'three' }));
    expect(wrongType.message).toContain('days');

    const view = await service.saveSettings('mock-weather', { apiKey: 'secret-key-42', days: 2, stray: 'dropped' });
    expect(view.settingsSet).toEqual({ apiKey: true, days: true });
    // Not secret, so shown again; the key is not.
    expect(view.settingValues).toEqual({ days: 2 });
    expect(JSON.stringify(await service.list())).not.toContain('secret-key-42');
    const raw = await (await getDb()).get('vault', pluginSecretOwner('mock-weather'));
    expect(JSON.stringify(raw)).not.toContain('secret-key-42');

    await service.saveSettings('mock-weather', { units: 'imperial' });
    expect(await service.savedSettings('mock-weather')).toEqual({ apiKey: 'secret-key-42', days: 2, units: 'imperial' });
    expect(await service.settings('mock-weather')).toEqual({ apiKey: 'secret-key-42', days: 2, units: 'imperial' });

    const cleared = await service.saveSettings('mock-weather', {}, true);
    expect(cleared.settingsSet).toEqual({});
    expect(await service.settings('mock-weather')).toEqual({ units: 'metric' });
  });
});

describe('when a plugin may run without asking', () => {
  it('asks by default, keeps "run automatically" across updates, and asks again after a reinstall', async () => {
    expect((await install(server.urls.weather)).approval).toBe('ask');
    expect((await service.list()).find((v) => v.builtin)?.approval).toBe('auto');
    expect((await service.setApproval('mock-weather', 'auto')).approval).toBe('auto');
    expect((await getInstalledPlugin('mock-weather'))?.approval).toBe('auto');
    const updated = await service.update('mock-weather');
    expect(updated.kind === 'updated' && updated.view.approval).toBe('auto');
    // Approving new origins is a fresh install: its calls wait for the user again.
    const { manifestUrl, manifest, origins } = (await getInstalledPlugin('mock-weather'))!;
    const replaced = await service.install({ manifestUrl, manifest, origins, replace: true });
    expect(replaced.approval).toBe('ask');
    expect((await failureOf(service.setApproval('nope', 'auto'))).code).toBe('not-found');
  });
});
