/**
 * Resolves the `$ref`s of a parsed document that point inside it
 * (`#/components/...`), as OpenAPI documents use them. References to other
 * documents are left as written (nothing is ever fetched); a reference that
 * leads back into itself is refused, since the tools built from it could not
 * be written out as plain data.
 *
 * json-schema-ref-parser would do this, but its core calls Node's
 * Buffer.isBuffer, which the extension's service worker does not have.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export class CircularRefError extends Error {}
export class MissingRefError extends Error {}

/** The value at a JSON pointer fragment (`#/a/b~1c`), or undefined. */
function at(root: unknown, ref: string): unknown {
  const tokens = ref
    .slice(2)
    .split('/')
    .map((token) => decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: unknown = root;
  for (const token of ref === '#' ? [] : tokens) {
    if (Array.isArray(node) && /^\d+$/.test(token)) node = node[Number(token)];
    else if (isObject(node) && Object.hasOwn(node, token)) node = node[token];
    else return undefined;
  }
  return node;
}

/**
 * A copy of `root` with every internal `$ref` replaced by what it points to.
 * Each target is resolved once and shared wherever it is referenced, so the
 * result is a graph: callers bound what it expands into before writing it out.
 */
export function resolveInternalRefs(root: unknown): unknown {
  const done = new Map<string, unknown>();
  const active = new Set<string>();
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!isObject(node)) return node;
    const ref = node.$ref;
    if (typeof ref === 'string' && (ref === '#' || ref.startsWith('#/'))) {
      if (done.has(ref)) return done.get(ref);
      if (active.has(ref)) throw new CircularRefError(`"${ref}" refers back to itself.`);
      const target = at(root, ref);
      if (target === undefined) throw new MissingRefError(`"${ref}" points to nothing in the document.`);
      active.add(ref);
      const resolved = walk(target);
      active.delete(ref);
      done.set(ref, resolved);
      return resolved;
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value)]));
  };
  return walk(root);
}
