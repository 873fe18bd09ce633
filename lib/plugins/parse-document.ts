/**
 * Reads a fetched manifest or OpenAPI document the way LobeChat's `fetchJSON`
 * does: JSON when the server says `application/json`, YAML otherwise (JSON is
 * YAML, so a JSON document served as anything else still reads).
 *
 * YAML aliases let a small text stand for a huge (or cyclic) value, so what
 * the parser yields is measured as JSON would write it, giving up past the
 * byte limit, before anything else walks it; it is then copied through JSON so
 * the callers get plain data (no shared objects, cycles or Dates).
 */
import { load, YAMLException } from 'js-yaml';
import { findStructuralIssue, MAX_JSON_DEPTH } from './json-safety';
import type { ManifestIssue } from './manifest';

export type ParsedDocument = { ok: true; value: unknown; json: boolean } | { ok: false; issue: ManifestIssue };

/** Whether the Content-Type names JSON (parameters such as charset aside), which is then parsed as JSON only. */
export function isJsonContentType(contentType: string | null | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

const tooLarge = (maxBytes: number): ManifestIssue => ({
  code: 'too-large',
  path: '',
  message: `The document expands past ${maxBytes} bytes.`,
  limit: maxBytes,
});

/** Whether the value, written as JSON, stays within maxBytes; stops counting as soon as it does not, so aliases cannot make it slow. */
function fitsWithin(value: unknown, maxBytes: number): boolean {
  let left = maxBytes;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node === 'string') left -= node.length + 2;
    else if (Array.isArray(node)) {
      left -= 2 + node.length;
      pending.push(...node);
    } else if (node !== null && typeof node === 'object') {
      const entries = Object.entries(node);
      left -= 2;
      for (const [key, child] of entries) {
        left -= key.length + 4;
        pending.push(child);
      }
    } else left -= String(node).length;
    if (left < 0) return false;
  }
  return true;
}

/** The document's data, or why it cannot be read. */
export function parsePluginDocument(text: string, contentType: string | null | undefined, maxBytes: number): ParsedDocument {
  if (isJsonContentType(contentType)) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      return { ok: false, issue: { code: 'invalid-json', path: '', message: `The document is not valid JSON: ${(e as Error).message}` } };
    }
    // Refused here, before any walk after this one (resolving references, converting Swagger 2) could overflow on it.
    const structural = findStructuralIssue(value);
    return structural ? { ok: false, issue: structural } : { ok: true, value, json: true };
  }
  let value: unknown;
  try {
    // `json: true`: a repeated key keeps its last value, as JSON.parse does, instead of failing.
    value = load(text, { json: true });
  } catch (e) {
    // js-yaml stops at its own depth limit, well past ours: the reason is the same.
    if (e instanceof YAMLException && e.reason.startsWith('nesting exceeded')) {
      return {
        ok: false,
        issue: { code: 'too-deep', path: '', message: `The document nests more than ${MAX_JSON_DEPTH} levels.`, limit: MAX_JSON_DEPTH },
      };
    }
    return {
      ok: false,
      issue: { code: 'invalid-yaml', path: '', message: `The document is neither valid JSON nor valid YAML: ${(e as Error).message}` },
    };
  }
  if (!fitsWithin(value, maxBytes)) return { ok: false, issue: tooLarge(maxBytes) };
  // Depth is checked before the copy, whose recursion it would otherwise overflow.
  const structural = findStructuralIssue(value);
  if (structural) return { ok: false, issue: structural };
  return { ok: true, value: value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown), json: false };
}
