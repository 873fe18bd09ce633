import type { ManifestIssue } from './manifest';
import { formatPath, type PathSegment } from './issue-path';

/** Real manifests nest a handful of levels; anything deeper is an attack on the walkers after us. */
export const MAX_JSON_DEPTH = 32;

/** Keys that would reach Object.prototype if the data were ever merged or spread. */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * The first structural hazard in parsed JSON: nesting deeper than maxDepth, or a
 * prototype-polluting key anywhere. Iterative, so hostile depth cannot overflow the stack.
 */
export function findStructuralIssue(value: unknown, maxDepth = MAX_JSON_DEPTH): ManifestIssue | undefined {
  const pending: { node: unknown; path: PathSegment[] }[] = [{ node: value, path: [] }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { node, path } = item;
    if (node === null || typeof node !== 'object') continue;
    if (path.length >= maxDepth) {
      const where = formatPath(path);
      return { code: 'too-deep', path: where, message: `Nesting at "${where}" exceeds ${maxDepth} levels.`, limit: maxDepth };
    }
    if (Array.isArray(node)) {
      node.forEach((child, index) => pending.push({ node: child, path: [...path, index] }));
      continue;
    }
    for (const [key, child] of Object.entries(node)) {
      const childPath = [...path, key];
      if (FORBIDDEN_KEYS.has(key)) {
        return {
          code: 'forbidden-key',
          path: formatPath(childPath),
          message: `Key "${key}" is not allowed (at "${formatPath(childPath)}").`,
        };
      }
      pending.push({ node: child, path: childPath });
    }
  }
  return undefined;
}

export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}
