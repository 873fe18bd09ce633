import type { ToolApprovalMode } from './consent';
import type { PluginManifest } from './manifest';

/** A plugin the user installed, as stored; its settings are sealed in the vault, never here. */
export interface InstalledPlugin {
  identifier: string;
  manifest: PluginManifest;
  /** Where the manifest came from: updating fetches it again. */
  manifestUrl: string;
  /** Origins the user approved at install; the plugin's requests and UI may reach no others. */
  origins: string[];
  installedAt: number;
  updatedAt: number;
  /** Whether its calls wait for the user; absent means 'ask'. Installing again (new origins) resets it. */
  approval?: ToolApprovalMode;
  /** Switched off by the user: installed, but offered in no chat. Absent means on. */
  enabled?: boolean;
}

/** The vault owner of a plugin's settings, apart from every provider's keys. */
export function pluginSecretOwner(identifier: string): string {
  return `plugin:${identifier}`;
}
