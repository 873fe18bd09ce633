import { validateManifestSchema } from './generated/validators';
import type { ManifestIssue } from './manifest';
import type { PluginManifest, PluginType } from '../core/plugins';
import { findStructuralIssue, utf8Length } from './json-safety';
import { schemaIssues } from './schema-issues';
import { schemaSafetyIssues } from './schema-safety';
import { checkPluginUrl, parsesAsUrl, type UrlRole } from './url-rules';

/** Published manifests are a few kilobytes; a megabyte is already generous. */
export const MAX_MANIFEST_BYTES = 1024 * 1024;

export type ManifestResult = { ok: true; manifest: PluginManifest } | { ok: false; errors: ManifestIssue[] };

export interface ManifestOptions {
  /** Identifiers of plugins already installed: installing one again is refused. */
  installedIdentifiers?: readonly string[];
  /** Size in bytes of the text the manifest was parsed from, when known. */
  rawSize?: number;
}

type SchemaValidManifest = Omit<PluginManifest, 'type'> & { type?: PluginType };

const refuse = (...errors: ManifestIssue[]): ManifestResult => ({ ok: false, errors });

const TOO_LARGE: ManifestIssue = {
  code: 'too-large',
  path: '',
  message: `The manifest exceeds the limit of ${MAX_MANIFEST_BYTES} bytes.`,
  limit: MAX_MANIFEST_BYTES,
};

type UrlCheck = [raw: string | undefined, path: string, role: UrlRole];

function urlIssues(manifest: SchemaValidManifest): ManifestIssue[] {
  const checks: UrlCheck[] = [
    ...manifest.api.map((api, i): UrlCheck => [api.url, `api[${i}].url`, 'endpoint']),
    [manifest.ui?.url, 'ui.url', 'endpoint'],
    [manifest.gateway, 'gateway', 'endpoint'],
    [manifest.openapi, 'openapi', 'endpoint'],
    [manifest.homepage, 'homepage', 'link'],
  ];
  const avatar = manifest.meta.avatar;
  if (avatar !== undefined && parsesAsUrl(avatar)) checks.push([avatar, 'meta.avatar', 'link']);
  return checks.flatMap(([raw, path, role]) => {
    const issue = raw === undefined ? undefined : checkPluginUrl(raw, path, role);
    return issue ? [issue] : [];
  });
}

function duplicateIssues(manifest: SchemaValidManifest, installed: readonly string[] = []): ManifestIssue[] {
  const issues: ManifestIssue[] = [];
  if (installed.includes(manifest.identifier)) {
    issues.push({
      code: 'duplicate-identifier',
      path: 'identifier',
      message: `Field "identifier": a plugin "${manifest.identifier}" is already installed.`,
    });
  }
  const seen = new Set<string>();
  manifest.api.forEach((api, i) => {
    if (seen.has(api.name)) {
      const path = `api[${i}].name`;
      issues.push({ code: 'duplicate-api-name', path, message: `Field "${path}": API name "${api.name}" appears more than once.` });
    }
    seen.add(api.name);
  });
  return issues;
}

/** The schemas a tool call or a settings save is validated against at runtime. */
function runtimeSchemaIssues(manifest: SchemaValidManifest): ManifestIssue[] {
  return [
    ...manifest.api.flatMap((api, i) => schemaSafetyIssues(api.parameters, ['api', i, 'parameters'])),
    ...schemaSafetyIssues(manifest.settings, ['settings']),
  ];
}

/**
 * Checks a parsed manifest against the LobeChat manifest schema and Parley's
 * safety rules (size, depth, prototype keys, URL schemes, duplicates, schemas
 * the runtime validator can apply without freezing or overflowing).
 * On success the manifest comes back with `type` filled in.
 */
export function validateManifest(input: unknown, opts: ManifestOptions = {}): ManifestResult {
  if (opts.rawSize !== undefined && opts.rawSize > MAX_MANIFEST_BYTES) return refuse(TOO_LARGE);
  const structural = findStructuralIssue(input);
  if (structural) return refuse(structural);
  // Depth is bounded now, so serialising to measure cannot overflow.
  const size = opts.rawSize ?? utf8Length(JSON.stringify(input) ?? '');
  if (size > MAX_MANIFEST_BYTES) return refuse(TOO_LARGE);
  if (!validateManifestSchema(input)) return refuse(...schemaIssues(validateManifestSchema.errors, input));
  const manifest = input as SchemaValidManifest;
  const issues = [...urlIssues(manifest), ...duplicateIssues(manifest, opts.installedIdentifiers), ...runtimeSchemaIssues(manifest)];
  if (issues.length > 0) return refuse(...issues);
  return { ok: true, manifest: { ...manifest, type: manifest.type ?? 'default' } };
}

/** Parses manifest text, refusing oversized text before JSON.parse ever sees it. */
export function parseManifestText(text: string, opts: Omit<ManifestOptions, 'rawSize'> = {}): ManifestResult {
  // UTF-8 never uses fewer bytes than UTF-16 code units, so this rejects huge text without encoding it.
  if (text.length > MAX_MANIFEST_BYTES) return refuse(TOO_LARGE);
  const rawSize = utf8Length(text);
  if (rawSize > MAX_MANIFEST_BYTES) return refuse(TOO_LARGE);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return refuse({ code: 'invalid-json', path: '', message: `The manifest is not valid JSON: ${(e as Error).message}` });
  }
  return validateManifest(parsed, { ...opts, rawSize });
}
