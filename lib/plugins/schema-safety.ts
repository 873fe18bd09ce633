import { dereference } from '@cfworker/json-schema';
import { formatPath, type PathSegment } from './issue-path';
import { patternProblem } from './linear-patterns';
import type { ManifestIssue } from './manifest';

/**
 * Install-time checks of a plugin's parameter or settings schema for what
 * would hurt the background when a tool call is validated against it: a
 * pattern RE2 cannot run in linear time, a `$ref` that leads back into itself
 * (the validator would recurse until the stack overflows), and references
 * that multiply into more checks than any call should cost.
 */

type SchemaNode = Record<string, unknown>;

/** Keywords whose value is an array of schemas, a map of schemas, or data (never walked); as @cfworker/json-schema reads them. */
const SCHEMA_ARRAYS: ReadonlySet<string> = new Set(['prefixItems', 'items', 'allOf', 'anyOf', 'oneOf']);
const SCHEMA_MAPS: ReadonlySet<string> = new Set([
  '$defs',
  'definitions',
  'properties',
  'patternProperties',
  'dependentSchemas',
  'dependencies',
]);
const DATA: ReadonlySet<string> = new Set(['const', 'default', 'enum', 'examples', 'required', 'dependentRequired', 'type']);

/**
 * How many schemas one value may be checked against once references are
 * expanded. Shared definitions are normal, but each used twice by the one
 * before it doubles the work per level: 30 levels are a billion checks.
 * Real parameter schemas expand to a few hundred at most.
 */
const MAX_EXPANDED_SCHEMAS = 10_000;

const isNode = (value: unknown): value is SchemaNode => value !== null && typeof value === 'object' && !Array.isArray(value);

interface Child {
  node: SchemaNode;
  path: PathSegment[];
}

function structuralChildren(node: SchemaNode, path: PathSegment[]): Child[] {
  const children: Child[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (DATA.has(key)) continue;
    if (Array.isArray(value)) {
      if (SCHEMA_ARRAYS.has(key)) value.forEach((item, i) => isNode(item) && children.push({ node: item, path: [...path, key, i] }));
    } else if (isNode(value)) {
      if (SCHEMA_MAPS.has(key)) {
        for (const [name, sub] of Object.entries(value)) if (isNode(sub)) children.push({ node: sub, path: [...path, key, name] });
      } else {
        children.push({ node: value, path: [...path, key] });
      }
    }
  }
  return children;
}

function patternIssues(node: SchemaNode, path: PathSegment[]): ManifestIssue[] {
  const sources: [string, PathSegment[]][] = [];
  if (typeof node.pattern === 'string') sources.push([node.pattern, [...path, 'pattern']]);
  if (isNode(node.patternProperties)) {
    for (const key of Object.keys(node.patternProperties)) sources.push([key, [...path, 'patternProperties', key]]);
  }
  return sources.flatMap(([source, at]) => {
    const problem = patternProblem(source);
    if (problem === undefined) return [];
    const where = formatPath(at);
    return [{ code: 'unsafe-pattern', path: where, message: `Field "${where}": the pattern cannot be matched safely (${problem}).` }];
  });
}

const refIssue = (path: PathSegment[], message: string): ManifestIssue => {
  const where = formatPath([...path, '$ref']);
  return { code: 'recursive-ref', path: where, message: `Field "${where}": ${message}` };
};

/**
 * Issues of one schema found at `prefix` in the manifest. References resolve
 * exactly as the runtime validator resolves them ($id, $anchor, pointers), so
 * what is checked here is what a tool call will follow.
 */
export function schemaSafetyIssues(schema: unknown, prefix: readonly PathSegment[]): ManifestIssue[] {
  if (!isNode(schema)) return [];
  // The resolver annotates the schema it walks; the manifest's own copy stays untouched.
  const root = structuredClone(schema);
  let lookup: Record<string, unknown>;
  try {
    lookup = dereference(root) as Record<string, unknown>;
  } catch (e) {
    const where = formatPath(prefix);
    return [{ code: 'invalid-value', path: where, message: `Field "${where}": ${(e as Error).message}` }];
  }

  // Every subschema once, with where it sits: patterns are checked here, and cycles are reported by these paths.
  const paths = new Map<SchemaNode, PathSegment[]>();
  const issues: ManifestIssue[] = [];
  const pending: Child[] = [{ node: root, path: [...prefix] }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    paths.set(item.node, item.path);
    issues.push(...patternIssues(item.node, item.path));
    if (typeof item.node.$recursiveRef === 'string') issues.push(refIssue(item.path, 'recursive references are not supported.'));
    pending.push(...structuralChildren(item.node, item.path));
  }

  // Depth-first over subschemas and references, iterative so a long chain cannot overflow the stack here either.
  // Subschemas form a tree, so reaching a schema that is still open means a reference closed a cycle.
  const state = new Map<SchemaNode, 'open' | 'done'>();
  // Schemas each one expands to with its references followed; computed as each closes, capped to stay small.
  const expanded = new Map<SchemaNode, number>();
  const stack: { node: SchemaNode; next: SchemaNode[]; edges: readonly SchemaNode[] }[] = [];
  const enter = (node: SchemaNode) => {
    state.set(node, 'open');
    const path = paths.get(node) ?? [...prefix];
    const next = structuralChildren(node, path).map((child) => child.node);
    if (typeof node.$ref === 'string') {
      const target = lookup[(node as { __absolute_ref__?: string }).__absolute_ref__ ?? node.$ref];
      if (isNode(target)) next.push(target);
      else if (target === undefined) {
        issues.push({ ...refIssue(path, `the reference "${node.$ref}" points to no schema.`), code: 'invalid-value' });
      }
    }
    stack.push({ node, next, edges: [...next] });
  };
  enter(root);
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    const child = top.next.pop();
    if (!child) {
      state.set(top.node, 'done');
      const total = top.edges.reduce((sum, edge) => sum + (expanded.get(edge) ?? 0), 1);
      expanded.set(top.node, Math.min(total, MAX_EXPANDED_SCHEMAS + 1));
      stack.pop();
    } else if (state.get(child) === 'open') {
      issues.push(refIssue(paths.get(top.node) ?? [...prefix], 'the reference leads back to itself, so checking a call would never end.'));
    } else if (!state.has(child)) {
      enter(child);
    }
  }
  if ((expanded.get(root) ?? 0) > MAX_EXPANDED_SCHEMAS) {
    const where = formatPath(prefix);
    issues.push({
      code: 'too-complex',
      path: where,
      message: `Field "${where}": with its references followed, the schema expands to more than ${MAX_EXPANDED_SCHEMAS} schemas.`,
    });
  }
  return issues;
}
