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
import { formatPath, type PathSegment } from './issue-path';
import { MAX_JSON_DEPTH } from './json-safety';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export class CircularRefError extends Error {}
export class MissingRefError extends Error {}
/** The resolved document would nest deeper than manifests may, each reference followed counting as a level. */
export class RefDepthError extends Error {
  constructor(
    readonly path: PathSegment[],
    readonly maxDepth: number,
  ) {
    super(`Nesting at "${formatPath(path)}", with its references followed, exceeds ${maxDepth} levels.`);
  }
}

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

const internalRef = (node: unknown): string | undefined => {
  const ref = isObject(node) ? node.$ref : undefined;
  return typeof ref === 'string' && (ref === '#' || ref.startsWith('#/')) ? ref : undefined;
};

/** A resolved value and how many levels it nests, a reference followed counting as one. */
interface Resolved {
  value: unknown;
  height: number;
}

/** An array, an object, or a reference (whose one child is its target) being resolved. */
interface Frame {
  /** Where it sits in its parent; none for a reference's target, which takes the reference's place. */
  key: PathSegment | undefined;
  depth: number;
  kind: 'array' | 'object' | 'ref';
  ref?: string;
  keys: (PathSegment | undefined)[];
  children: unknown[];
  values: unknown[];
  /** The tallest child's height so far. */
  tallest: number;
}

/**
 * A copy of `root` with every internal `$ref` replaced by what it points to.
 * Each target is resolved once and shared wherever it is referenced, so the
 * result is a graph: callers bound what it expands into before writing it out.
 * Iterative, and refused past `maxDepth` levels, so neither hostile nesting
 * nor a long chain of references can overflow the stack here or in the walks after.
 */
export function resolveInternalRefs(root: unknown, maxDepth = MAX_JSON_DEPTH): unknown {
  const done = new Map<string, Resolved>();
  const active = new Set<string>();
  const stack: Frame[] = [];
  const tooDeep = (key: PathSegment | undefined) =>
    new RefDepthError(
      [...stack.map((frame) => frame.key), key].filter((segment) => segment !== undefined),
      maxDepth,
    );

  /** A scalar or an already resolved reference at once; otherwise a frame is opened, and its value arrives when it closes. */
  const visit = (node: unknown, key: PathSegment | undefined, depth: number): Resolved | undefined => {
    if (node === null || typeof node !== 'object') return { value: node, height: 0 };
    const ref = internalRef(node);
    const known = ref === undefined ? undefined : done.get(ref);
    if (known) {
      if (depth + known.height > maxDepth) throw tooDeep(key);
      return known;
    }
    if (depth >= maxDepth) throw tooDeep(key);
    const open = (kind: Frame['kind'], keys: Frame['keys'], children: unknown[], resolving?: string) =>
      stack.push({ key, depth, kind, ...(resolving === undefined ? {} : { ref: resolving }), keys, children, values: [], tallest: 0 });
    if (ref !== undefined) {
      if (active.has(ref)) throw new CircularRefError(`"${ref}" refers back to itself.`);
      const target = at(root, ref);
      if (target === undefined) throw new MissingRefError(`"${ref}" points to nothing in the document.`);
      active.add(ref);
      open('ref', [undefined], [target], ref);
    } else if (Array.isArray(node)) {
      open(
        'array',
        node.map((_, i) => i),
        node,
      );
    } else {
      const entries = Object.entries(node);
      open(
        'object',
        entries.map(([name]) => name),
        entries.map(([, child]) => child),
      );
    }
    return undefined;
  };

  const close = (frame: Frame): Resolved => {
    const { kind, keys, values } = frame;
    const value = kind === 'ref' ? values[0] : kind === 'array' ? values : Object.fromEntries(keys.map((name, i) => [name, values[i]]));
    const resolved = { value, height: frame.tallest + 1 };
    if (frame.ref !== undefined) {
      active.delete(frame.ref);
      done.set(frame.ref, resolved);
    }
    return resolved;
  };

  const deliver = (parent: Frame, child: Resolved) => {
    parent.values.push(child.value);
    parent.tallest = Math.max(parent.tallest, child.height);
  };

  const first = visit(root, undefined, 0);
  if (first) return first.value;
  for (;;) {
    const top = stack[stack.length - 1]!;
    const next = top.values.length;
    if (next < top.children.length) {
      const child = visit(top.children[next], top.keys[next], top.depth + 1);
      if (child) deliver(top, child);
      continue;
    }
    stack.pop();
    const resolved = close(top);
    const parent = stack[stack.length - 1];
    if (!parent) return resolved.value;
    deliver(parent, resolved);
  }
}
