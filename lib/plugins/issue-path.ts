/** Paths in the notation people read in documents: `api[0].description`, `ui.url`. */

export type PathSegment = string | number;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export function formatPath(segments: readonly PathSegment[]): string {
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) out += out ? `.${segment}` : segment;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/** A URI fragment pointer (`#/a%20b`) is percent-encoded; a plain one (`/a b`) is not. */
function decodeSegment(encoded: string, fragment: boolean): string {
  let text = encoded;
  if (fragment) {
    try {
      text = decodeURIComponent(encoded);
    } catch {
      // Malformed escapes stay as written: the path is for reading, not for lookup.
    }
  }
  return text.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * Turns a JSON pointer (`/api/0/description` from Ajv, `#/api/0` from
 * @cfworker/json-schema) into segments, walking the data so a numeric key of an
 * object stays a key and only array positions become indices.
 */
export function pointerSegments(pointer: string, data: unknown): PathSegment[] {
  const fragment = pointer.startsWith('#');
  const raw = fragment ? pointer.slice(1) : pointer;
  if (raw === '') return [];
  const segments: PathSegment[] = [];
  let node = data;
  for (const encoded of raw.slice(1).split('/')) {
    const key = decodeSegment(encoded, fragment);
    if (Array.isArray(node)) {
      const index = Number(key);
      segments.push(index);
      node = node[index];
    } else {
      segments.push(key);
      node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
    }
  }
  return segments;
}
