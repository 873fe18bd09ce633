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

/** Where an OpenAPI operation's argument goes in the request. */
export type PluginHttpParamLocation = 'path' | 'query' | 'header';

/**
 * How to call an API expanded from the plugin's OpenAPI document: the method, where each argument goes,
 * how `_requestBody` is encoded and which settings authenticate it. Only Parley's expansion writes this.
 */
export interface PluginHttpOperation {
  method: 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
  /**
   * `explode: false` marks a query parameter whose array or object goes as one comma-separated value
   * (OpenAPI `explode: false`, Swagger 2 `collectionFormat: csv`) instead of OpenAPI's default, one `name=value` per item.
   */
  params: { name: string; in: PluginHttpParamLocation; explode?: false }[];
  body?: 'json' | 'form';
  /** Keys of the manifest's `httpAuth` applied to this operation. */
  auth?: string[];
}

/** One credential from the plugin's settings, and where the OpenAPI document says it goes. */
export interface PluginHttpAuth {
  /** The settings field holding the value. */
  setting: string;
  in: 'header' | 'query';
  /** Header or query parameter name. */
  name: string;
  /** How the value is written into an Authorization header. */
  scheme?: 'bearer' | 'basic';
}

export interface PluginApi {
  name: string;
  description: string;
  parameters: PluginParameters;
  /** For an OpenAPI operation, the server URL joined with the path template (`{name}` placeholders). */
  url?: string;
  http?: PluginHttpOperation;
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
  /** Credentials of the OpenAPI operations, by key; written by Parley's expansion only. */
  httpAuth?: Record<string, PluginHttpAuth>;
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
  /** API names the user switched off: never offered to a model, nor run. Absent means all on. */
  disabledTools?: string[];
}
