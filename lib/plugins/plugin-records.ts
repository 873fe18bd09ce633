import { getDb } from '../storage/db';
import type { InstalledPlugin } from '../core/plugins';

export async function putInstalledPlugin(plugin: InstalledPlugin): Promise<void> {
  await (await getDb()).put('plugins', plugin);
}

export async function getInstalledPlugin(identifier: string): Promise<InstalledPlugin | undefined> {
  return (await getDb()).get('plugins', identifier);
}

/** In the order they were installed, so lists and tool names stay stable. */
export async function listInstalledPlugins(): Promise<InstalledPlugin[]> {
  const all = await (await getDb()).getAll('plugins');
  return all.sort((a, b) => a.installedAt - b.installedAt || a.identifier.localeCompare(b.identifier));
}

/** Removes the record only; the caller deletes the plugin's settings from the vault. */
export async function deleteInstalledPlugin(identifier: string): Promise<void> {
  await (await getDb()).delete('plugins', identifier);
}
