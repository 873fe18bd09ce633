import { afterAll, afterEach, beforeAll } from 'vitest';
import type { InstalledPlugin, ToolApprovalMode } from '../../../lib/core/plugins';
import { pluginOrigins } from '../../../lib/plugins/origins';
import { validateManifest } from '../../../lib/plugins/validate-manifest';
import { startPluginServer, type ManifestName, type PluginMock } from '../../mocks/plugin-server';

/** Starts the plugin mock for the calling test file, hands it to `ready`, forgets its requests after each test and stops it at the end. */
export function withPluginServer(ready: (server: PluginMock) => void): void {
  let server: PluginMock | undefined;
  beforeAll(async () => {
    server = await startPluginServer();
    ready(server);
  });
  afterAll(() => server?.close());
  afterEach(() => server?.clear());
}

/** One of the mock's manifests, validated and installed as the plugin store would keep it. */
export function installedFrom(server: PluginMock, name: ManifestName, approval?: ToolApprovalMode): InstalledPlugin {
  const checked = validateManifest(server.manifest(name));
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  const { manifest } = checked;
  return {
    identifier: manifest.identifier,
    manifest,
    manifestUrl: server.urls[name],
    origins: pluginOrigins(manifest),
    installedAt: 1,
    updatedAt: 1,
    ...(approval ? { approval } : {}),
  };
}
