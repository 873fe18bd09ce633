import { validateIndexEntrySchema, validateIndexSchema } from './generated/validators';
import type { ManifestIssue } from './manifest';
import { findStructuralIssue, utf8Length } from './json-safety';
import { schemaIssues } from './schema-issues';
import { checkPluginUrl, parsesAsUrl } from './url-rules';

/** LobeChat's full market index is a few hundred kilobytes. */
export const MAX_INDEX_BYTES = 4 * 1024 * 1024;

/** A plugin offered by a market index: enough to list it and fetch its manifest. */
export interface PluginIndexEntry {
  identifier: string;
  manifestUrl: string;
  /** meta.title, or the identifier when the index gives none. */
  title: string;
  description?: string;
  avatar?: string;
  tags: string[];
  author?: string;
  homepage?: string;
  createdAt?: string;
}

export interface PluginIndex {
  schemaVersion?: number;
  entries: PluginIndexEntry[];
  tags: string[];
  /** Why individual entries were left out; one bad entry never hides the rest. */
  skipped: ManifestIssue[];
}

export type IndexResult = { ok: true; index: PluginIndex } | { ok: false; errors: ManifestIssue[] };

interface RawEntry {
  identifier: string;
  manifest: string;
  meta?: { avatar?: string; description?: string; tags?: string[]; title?: string };
  author?: string;
  createdAt?: string;
  createAt?: string;
  homepage?: string;
}

interface RawIndex {
  schemaVersion?: number;
  plugins: unknown[];
  tags?: string[];
}

const refuse = (issue: ManifestIssue): IndexResult => ({ ok: false, errors: [issue] });

const TOO_LARGE: ManifestIssue = {
  code: 'too-large',
  path: '',
  message: `The index exceeds the limit of ${MAX_INDEX_BYTES} bytes.`,
  limit: MAX_INDEX_BYTES,
};

function entryIssues(raw: unknown, index: number): ManifestIssue[] {
  if (!validateIndexEntrySchema(raw)) return schemaIssues(validateIndexEntrySchema.errors, raw, ['plugins', index]);
  const entry = raw as RawEntry;
  const avatar = entry.meta?.avatar;
  const prefix = `plugins[${index}]`;
  return [
    checkPluginUrl(entry.manifest, `${prefix}.manifest`, 'endpoint'),
    entry.homepage === undefined ? undefined : checkPluginUrl(entry.homepage, `${prefix}.homepage`, 'link'),
    avatar !== undefined && parsesAsUrl(avatar) ? checkPluginUrl(avatar, `${prefix}.meta.avatar`, 'link') : undefined,
  ].filter((issue) => issue !== undefined);
}

function toEntry(raw: RawEntry): PluginIndexEntry {
  const { meta } = raw;
  return {
    identifier: raw.identifier,
    manifestUrl: raw.manifest,
    title: meta?.title?.trim() || raw.identifier,
    description: meta?.description,
    avatar: meta?.avatar,
    tags: meta?.tags ?? [],
    author: raw.author,
    homepage: raw.homepage,
    createdAt: raw.createdAt ?? raw.createAt,
  };
}

/** Reads a LobeChat market index document into installable entries, policing every URL. */
export function parsePluginIndex(input: unknown, opts: { rawSize?: number } = {}): IndexResult {
  if (opts.rawSize !== undefined && opts.rawSize > MAX_INDEX_BYTES) return refuse(TOO_LARGE);
  const structural = findStructuralIssue(input);
  if (structural) return refuse(structural);
  if ((opts.rawSize ?? utf8Length(JSON.stringify(input) ?? '')) > MAX_INDEX_BYTES) return refuse(TOO_LARGE);
  if (!validateIndexSchema(input)) return { ok: false, errors: schemaIssues(validateIndexSchema.errors, input) };
  const doc = input as RawIndex;
  const entries: PluginIndexEntry[] = [];
  const skipped: ManifestIssue[] = [];
  const seen = new Set<string>();
  doc.plugins.forEach((raw, i) => {
    const issues = entryIssues(raw, i);
    if (issues.length > 0) {
      skipped.push(...issues);
      return;
    }
    const entry = toEntry(raw as RawEntry);
    if (seen.has(entry.identifier)) {
      const path = `plugins[${i}].identifier`;
      skipped.push({
        code: 'duplicate-identifier',
        path,
        message: `Identifier "${entry.identifier}" at "${path}" appears earlier in the index.`,
      });
      return;
    }
    seen.add(entry.identifier);
    entries.push(entry);
  });
  return { ok: true, index: { schemaVersion: doc.schemaVersion, entries, tags: doc.tags ?? [], skipped } };
}

/** Parses index text, refusing oversized text before JSON.parse ever sees it. */
export function parsePluginIndexText(text: string): IndexResult {
  // UTF-8 never uses fewer bytes than UTF-16 code units, so huge text is refused without encoding it.
  if (text.length > MAX_INDEX_BYTES) return refuse(TOO_LARGE);
  const rawSize = utf8Length(text);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return refuse({ code: 'invalid-json', path: '', message: `The index is not valid JSON: ${(e as Error).message}` });
  }
  return parsePluginIndex(parsed, { rawSize });
}
