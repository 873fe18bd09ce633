/** LobeChat-compatible plugin manifest, as described by lib/plugins/manifest-schema.json. */

import type { JsonSchemaObject } from '../core/chat';

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

export type ManifestIssueCode =
  | 'invalid-json'
  | 'missing-field'
  | 'invalid-type'
  | 'invalid-enum'
  | 'invalid-value'
  | 'invalid-url'
  | 'insecure-url'
  | 'forbidden-scheme'
  | 'too-large'
  | 'too-deep'
  | 'duplicate-identifier'
  | 'duplicate-api-name'
  | 'forbidden-key'
  | 'unsafe-pattern'
  | 'recursive-ref'
  | 'too-complex';

/** One reason a document was refused; the UI localises by `code` and shows `path`. */
export interface ManifestIssue {
  code: ManifestIssueCode;
  /** Where in the document, e.g. `api[0].description` or `ui.url`; '' for the whole document. */
  path: string;
  /** English technical detail naming the field. */
  message: string;
  /** For `too-large`: the most bytes accepted, for the UI to state. */
  limit?: number;
}
