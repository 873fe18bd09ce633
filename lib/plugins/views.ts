/** What the panel is shown of plugins: installed ones, and manifests or indexes fetched for the user to look over. */
import type { PluginManifest, ToolApprovalMode } from '../core/plugins';
import type { PluginIndexEntry } from './index-format';
import type { ManifestIssue } from './manifest';

export interface PluginView {
  identifier: string;
  manifest: PluginManifest;
  /** Built into Parley: always available, never updated or removed. */
  builtin: boolean;
  manifestUrl?: string;
  /** Origins the user approved at install. */
  origins: string[];
  installedAt?: number;
  updatedAt?: number;
  /** Which settings hold a saved value. */
  settingsSet: Record<string, boolean>;
  /** The saved values of settings that are not secret; secret ones never leave the background. */
  settingValues: Record<string, unknown>;
  /** Required settings still empty: the plugin stays off until they are filled. */
  missingSettings: string[];
  /** Offered in chats: switched on by the user and with every required setting filled. */
  enabled: boolean;
  /** Whether the model's calls wait for the user; built-ins never leave the browser and always run. */
  approval: ToolApprovalMode;
  /** API names the user switched off (InstalledPlugin.disabledTools). */
  disabledTools: string[];
}

/** A manifest fetched for the user to look over before installing: what it is and where it will connect. */
export interface ManifestPreview {
  kind: 'manifest';
  manifestUrl: string;
  manifest: PluginManifest;
  origins: string[];
  /** Set when Parley cannot run the plugin; installing it is refused. */
  unsupported?: 'module-ui';
  /** Set when the plugin installs without a part Parley cannot show: its tools still work. */
  omitted?: 'module-ui';
}

export type PluginPreview =
  | ManifestPreview
  | { kind: 'index'; indexUrl: string; entries: PluginIndexEntry[]; skipped: number }
  /** The document is neither a valid manifest nor a valid index. */
  | { kind: 'invalid'; url: string; issues: ManifestIssue[] };

export type PluginUpdate =
  | { kind: 'updated'; view: PluginView }
  | { kind: 'approve'; preview: ManifestPreview }
  /** The manifest now served is one Parley refuses; the installed version stays. */
  | { kind: 'invalid'; issues: ManifestIssue[] };
