import { deleteDB } from 'idb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PluginManifest, PluginParameters } from '../../../lib/core/plugins';
import { buildPluginRequest, executePluginCall } from '../../../lib/plugins/gateway';
import { createPluginService } from '../../../lib/plugins/plugin-service';
import { PLUGIN_SETTINGS_HEADER } from '../../../lib/plugins/settings-header';
import { buildPluginTools } from '../../../lib/plugins/tools';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { startPluginServer, type PluginMock } from '../../mocks/plugin-server';
import { fixtureJson, manifestFixtureNames } from './fixtures';

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

const service = createPluginService({ builtins: [] });

type OpenApiDocument = { paths: Record<string, Record<string, { operationId?: string }>> };

type Schema = { type?: string; enum?: unknown[]; properties?: Record<string, Schema>; required?: string[] };

/** A value of the schema's type, as a model would give it: an enum's first choice, else a placeholder. */
function sample(schema: Schema | undefined): unknown {
  if (schema?.enum?.length) return schema.enum[0];
  if (schema?.type === 'number' || schema?.type === 'integer') return 3;
  if (schema?.type === 'boolean') return true;
  if (schema?.type === 'object') return requiredValues(schema);
  if (schema?.type === 'array') return [];
  return 'lighthouses';
}

/** Every required property of an object schema with a sample value. */
function requiredValues(schema: Schema | PluginParameters | undefined): Record<string, unknown> {
  const { properties = {}, required = [] } = (schema ?? {}) as Schema;
  return Object.fromEntries(required.map((name) => [name, sample(properties[name])]));
}

describe('recorded LobeChat-format manifests (tests/fixtures/plugins/manifests)', () => {
  it.each(manifestFixtureNames())('%s installs as published and its first tool runs against the plugin’s server', async (file) => {
    const published = fixtureJson<PluginManifest>(`manifests/${file}`);
    const preview = await service.preview(server.recordedManifest(file));
    if (preview.kind !== 'manifest') throw new Error(`expected a manifest, got ${preview.kind}`);
    // A plugin whose UI is a remote module installs without it; nothing else is left out.
    expect(preview.unsupported).toBeUndefined();
    expect(preview.manifest.identifier).toBe(published.identifier);
    // An `openapi` manifest's operations join its own APIs, as LobeChat merges them.
    const document = published.openapi ? fixtureJson<OpenApiDocument>(`openapi/${file}`.replace(/\.json$/, '.openapi.json')) : undefined;
    const operations = Object.entries(document?.paths ?? {}).flatMap(([path, item]) =>
      Object.values(item).map((operation) => ({ path, operationId: operation.operationId! })),
    );
    const apiNames = [...published.api.map((api) => api.name), ...operations.map((op) => op.operationId)];
    expect(preview.manifest.api.map((api) => api.name)).toEqual(apiNames);

    const view = await service.install({ manifestUrl: preview.manifestUrl, manifest: preview.manifest, origins: preview.origins });
    const { definitions } = buildPluginTools([view.manifest]);
    // LobeChat's names: identifier____api, with ____type for markdown and standalone plugins.
    const suffix = view.manifest.type === 'default' ? '' : `____${view.manifest.type}`;
    expect(definitions.map((d) => d.name)).toEqual(apiNames.map((name) => `${published.identifier}____${name}${suffix}`));

    const [first] = view.manifest.api;
    // A standalone plugin's tools run in its own page, which the panel shows; there is no server call to make.
    if (view.manifest.type === 'standalone') return;
    const args = requiredValues(first!.parameters);
    const settings = requiredValues(view.manifest.settings);
    const request = buildPluginRequest({ manifest: view.manifest, apiName: first!.name, args, settings });
    const result = await executePluginCall(request, { timeoutMs: 5000, maxBytes: 100_000 });
    expect(JSON.parse(result.text)).toMatchObject({ answer: 'from the recorded plugin' });

    const [sent] = server.recordedCalls().filter((call) => !call.path.endsWith('/openapi.json'));
    const base = new URL(server.recordedApiBase(file)).pathname;
    if (!published.api.length) {
      // The first tool is the document's first operation, called with its method at its path on the API server.
      const operationPath = operations[0]!.path.split('?')[0]!;
      expect(sent).toMatchObject({ method: 'GET', path: expect.stringMatching(new RegExp(`^${base}${operationPath}\\?`)) });
      return;
    }
    const target = new URL(published.gateway ?? published.api[0]!.url!);
    expect(sent).toMatchObject({ method: 'POST', path: `${base}${target.pathname}` });
    // Through a gateway as LobeChat sends it, else the arguments themselves; the settings in their header.
    expect(sent!.body).toEqual(
      published.gateway
        ? expect.objectContaining({ apiName: first!.name, arguments: JSON.stringify(args), identifier: published.identifier })
        : args,
    );
    if (Object.keys(settings).length) expect(sent!.headers[PLUGIN_SETTINGS_HEADER.toLowerCase()]).toBeDefined();
  });
});
