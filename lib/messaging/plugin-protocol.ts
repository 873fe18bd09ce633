/** Requests and broadcasts for plugins: install, settings, update, removal, and what a plugin's own frame may ask. */
import type { PluginManifest, ToolApprovalMode } from '../core/plugins';
import type { PluginPreview, PluginUpdate, PluginView } from '../plugins/views';

export type { ManifestPreview, PluginPreview, PluginUpdate, PluginView } from '../plugins/views';

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
  /** Which of the plugin's APIs are switched off (all others are on). */
  'plugins.setDisabledTools': { req: { identifier: string; names: string[] }; res: PluginView };
  /** Merges typed settings into the saved ones (validated as a whole); `clear` forgets them all first. */
  'plugins.saveSettings': { req: { identifier: string; values: Record<string, unknown>; clear?: boolean }; res: PluginView };
  /** The settings a plugin's own UI frame asks for: that plugin's, and no one else's. */
  'plugins.frameSettings': { req: { identifier: string }; res: Record<string, unknown> };
  /** Run automatically, or ask before calls (see lib/core/tool-consent). */
  'plugins.setApproval': { req: { identifier: string; approval: ToolApprovalMode }; res: PluginView };
}

/** Installed plugins or their settings changed. */
export type PluginEvent = { type: 'plugins.changed' };
