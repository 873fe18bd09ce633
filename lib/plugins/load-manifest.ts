/**
 * From a fetched manifest to the manifest Parley installs, the way LobeChat's
 * installer gets there: an OpenAI `ai-plugin.json` is converted first, the
 * result validated, and an `openapi` document fetched (under the same URL
 * policy) and expanded into the plugin's tools and settings, then validated
 * again as a whole.
 */
import type { PluginApi, PluginManifest } from '../core/plugins';
import type { FetchLike } from '../transport/secure-fetch';
import { fetchPluginDocument } from './fetch-document';
import { utf8Length } from './json-safety';
import type { ManifestIssue } from './manifest';
import { convertOpenAIManifest, isOpenAIPluginManifest } from './openai-manifest';
import { expandOpenApi } from './openapi';
import { parsePluginDocument } from './parse-document';
import { MAX_MANIFEST_BYTES, parseManifestText, validateManifest, type ManifestResult } from './validate-manifest';

export interface LoadOptions {
  fetch?: FetchLike;
  /** The manifest's Content-Type: JSON is parsed as JSON only, anything else as YAML, as LobeChat does. */
  contentType?: string | null;
  timeoutMs: number;
  installedIdentifiers?: readonly string[];
}

const refuse = (issue: ManifestIssue): ManifestResult => ({ ok: false, errors: [issue] });

/** How to call an operation and which credentials it takes are Parley's own reading of the OpenAPI document, never the manifest's word. */
function withoutHttpFields(doc: unknown): unknown {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return doc;
  const { httpAuth: _auth, ...rest } = doc as Record<string, unknown>;
  if (!Array.isArray(rest.api)) return rest;
  return {
    ...rest,
    api: rest.api.map((api: unknown) => {
      if (typeof api !== 'object' || api === null) return api;
      const { http: _http, ...plainApi } = api as Record<string, unknown>;
      return plainApi;
    }),
  };
}

function parseDocument(text: string, url: string, opts: LoadOptions): ManifestResult {
  const { installedIdentifiers } = opts;
  // UTF-8 never uses fewer bytes than UTF-16 code units, so this refuses huge text before any parser sees it.
  if (text.length > MAX_MANIFEST_BYTES || utf8Length(text) > MAX_MANIFEST_BYTES) return parseManifestText(text, { installedIdentifiers });
  const parsed = parsePluginDocument(text, opts.contentType, MAX_MANIFEST_BYTES);
  if (!parsed.ok) return refuse(parsed.issue);
  const { value } = parsed;
  const source = isOpenAIPluginManifest(value) ? convertOpenAIManifest(value, url) : withoutHttpFields(value);
  // JSON's size is its text's; YAML's is what it expands into, which validateManifest measures.
  return validateManifest(source, { installedIdentifiers, ...(parsed.json ? { rawSize: utf8Length(text) } : {}) });
}

/** Tools of the OpenAPI document added to the manifest's own, with the credentials the manifest itself declared applied to each. */
function merge(manifest: PluginManifest, expanded: PluginApi[], extra: Pick<PluginManifest, 'settings' | 'httpAuth'>): PluginManifest {
  const own = Object.keys(manifest.httpAuth ?? {});
  const api = expanded.map((entry) => {
    if (!entry.http || !own.length) return entry;
    return { ...entry, http: { ...entry.http, auth: [...new Set([...own, ...(entry.http.auth ?? [])])] } };
  });
  const httpAuth = manifest.httpAuth || extra.httpAuth ? { ...manifest.httpAuth, ...extra.httpAuth } : undefined;
  return {
    ...manifest,
    api: [...manifest.api, ...api],
    ...(extra.settings ? { settings: extra.settings } : {}),
    ...(httpAuth ? { httpAuth } : {}),
  };
}

/**
 * The manifest at `url` (its text already fetched) as Parley would install
 * it, or every reason it cannot be. A document that cannot be expanded is
 * refused rather than installed without its tools.
 */
export async function loadManifest(text: string, url: string, opts: LoadOptions): Promise<ManifestResult> {
  const checked = parseDocument(text, url, opts);
  if (!checked.ok || !checked.manifest.openapi) return checked;
  const { manifest } = checked;
  const fetched = await fetchPluginDocument(new URL(manifest.openapi!, url).href, {
    fetch: opts.fetch,
    maxBytes: MAX_MANIFEST_BYTES,
    timeoutMs: opts.timeoutMs,
  });
  if (fetched.tooLarge) return refuse({ ...fetched.tooLarge, path: 'openapi' });
  const expanded = await expandOpenApi(fetched.text, fetched.url, manifest.settings, fetched.contentType);
  if (!expanded.ok) return refuse(expanded.issue);
  const { api, ...extra } = expanded.expansion;
  return validateManifest(merge(manifest, api, extra), { installedIdentifiers: opts.installedIdentifiers });
}
