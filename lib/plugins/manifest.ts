/** LobeChat-compatible plugin manifest, as described by lib/plugins/manifest-schema.json. */

export type ManifestIssueCode =
  | 'invalid-json'
  | 'invalid-yaml'
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
  | 'too-complex'
  | 'openapi-invalid'
  | 'openapi-version'
  | 'openapi-unsupported'
  | 'openapi-empty';

/** One reason a document was refused; the UI localises by `code` and shows `path`. */
export interface ManifestIssue {
  code: ManifestIssueCode;
  /** Where in the document, e.g. `api[0].description` or `ui.url`; '' for the whole document. */
  path: string;
  /** English technical detail naming the field. */
  message: string;
  /** For `too-large`: the most bytes accepted; for `too-deep`: the most levels. For the UI to state. */
  limit?: number;
}
