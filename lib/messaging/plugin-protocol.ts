/** Requests and broadcasts for plugins: install, settings, update, removal, and what a plugin's own frame may ask. */
import type { PendingToolCall, ToolApprovalMode, ToolDecision } from '../plugins/consent';
import type { PluginIndexEntry } from '../plugins/index-format';
import type { ManifestIssue, PluginManifest } from '../plugins/manifest';

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
}

/** A manifest fetched for the user to look over before installing: what it is and where it will connect. */
export interface ManifestPreview {
  kind: 'manifest';
  manifestUrl: string;
  manifest: PluginManifest;
  origins: string[];
  /** Set when Parley cannot run the plugin; installing it is refused. */
  unsupported?: 'module-ui';
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

export interface PluginRequests {
  'plugins.list': { req: Record<string, never>; res: PluginView[] };
  /** Fetches a manifest or a LobeChat index; installs nothing. */
  'plugins.preview': { req: { url: string }; res: PluginPreview };
  /**
   * Installs the previewed manifest after the user approved `origins`, which
   * must cover every origin it contacts. `replace` applies an update whose
   * origins needed approval again.
   */
  'plugins.install': { req: { manifestUrl: string; manifest: PluginManifest; origins: string[]; replace?: boolean }; res: PluginView };
  /** Fetches the manifest again; applied at once unless it wants new origins, which come back for approval. */
  'plugins.update': { req: { identifier: string }; res: PluginUpdate };
  'plugins.remove': { req: { identifier: string }; res: null };
  /** Undoes a removal made moments ago (settings included); fails with not-found once that is too late. */
  'plugins.restore': { req: { identifier: string }; res: PluginView };
  /** Switches a plugin on or off everywhere; switching on fails with credential-missing while a required setting is empty. */
  'plugins.setEnabled': { req: { identifier: string; enabled: boolean }; res: PluginView };
  /** Merges typed settings into the saved ones (validated as a whole); `clear` forgets them all first. */
  'plugins.saveSettings': { req: { identifier: string; values: Record<string, unknown>; clear?: boolean }; res: PluginView };
  /** The settings a plugin's own UI frame asks for: that plugin's, and no one else's. */
  'plugins.frameSettings': { req: { identifier: string }; res: Record<string, unknown> };
  /** Run automatically, or ask before the first call in each conversation. */
  'plugins.setApproval': { req: { identifier: string; approval: ToolApprovalMode }; res: PluginView };
  /** Plugin calls waiting for the user, so a panel opened late still shows them. */
  'plugins.pendingCalls': { req: Record<string, never>; res: PendingToolCall[] };
  /** The user's answer to a waiting call; fails with not-found when it no longer waits. */
  'plugins.decide': { req: { id: string; decision: ToolDecision }; res: null };
}

export type PluginEvent =
  /** Installed plugins or their settings changed. */
  | { type: 'plugins.changed' }
  /** A plugin call started or stopped waiting for the user: read plugins.pendingCalls again. */
  | { type: 'plugins.pending-changed' };
