/**
 * The plugin feature's data types, kept at the bottom layer because storage holds installed plugins and the panel
 * shows them. LobeChat-compatible manifests, as described by lib/plugins/manifest-schema.json.
 */
import type { JsonSchemaObject } from './chat';

/** 'ask': the first call in each conversation waits for the user; 'auto': calls run at once. */
export type ToolApprovalMode = 'auto' | 'ask';

export type PluginType = 'default' | 'markdown' | 'standalone';

/** An object JSON schema: type fixed to "object", properties, optional required names. */
export interface PluginParameters extends JsonSchemaObject {
  type: 'object';
  properties: Record<string, unknown>;
  required?: string[];
}

export interface PluginMeta {
  avatar?: string;
  description?: string;
  tags?: string[];
  title?: string;
}

export interface PluginApi {
  name: string;
  description: string;
  parameters: PluginParameters;
  url?: string;
}

export interface PluginUi {
  url: string;
  mode?: 'iframe' | 'module';
  height?: number;
  width?: number;
}

/** Fields manifests carry beyond these (version, $schema, ...) are kept as they are, never interpreted. */
export interface PluginManifest {
  identifier: string;
  meta: PluginMeta;
  api: PluginApi[];
  author?: string;
  /** LobeChat's own spelling; some manifests use createdAt instead. */
  createAt?: string;
  createdAt?: string;
  gateway?: string;
  homepage?: string;
  openapi?: string;
  settings?: PluginParameters;
  systemRole?: string;
  /** Always present after validation: absent in the source means "default". */
  type: PluginType;
  ui?: PluginUi;
}

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
