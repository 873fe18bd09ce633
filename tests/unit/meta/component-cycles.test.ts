import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');

/** Every TypeScript module under `dir`, as absolute paths. */
function modulesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => join(dir, name));
}

/** The file a relative or `@/` specifier names, when it is a TypeScript module. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@/')
    ? join(ROOT, specifier.slice(2))
    : specifier.startsWith('.')
      ? resolve(dirname(from), specifier)
      : undefined;
  if (!base) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (file) => /\.tsx?$/.test(file) && existsSync(file),
  );
}

/**
 * The modules `file` imports when it runs: static imports and re-exports, and import() calls, whose module imports
 * back just the same. Type-only imports are left out: they are gone from the built code.
 */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
  const loadsOnDemand = text.includes('import(');
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const onlyTypes =
        clause?.isTypeOnly ||
        (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length
          ? clause.namedBindings.elements.every((element) => element.isTypeOnly)
          : false);
      if (!onlyTypes) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (specifier && ts.isStringLiteral(specifier)) specifiers.push(specifier.text);
    }
    // Only a module with an import() has imports below its top level.
    if (loadsOnDemand) ts.forEachChild(node, visit);
  };
  source.statements.forEach(visit);
  return specifiers.flatMap((specifier) => resolveSpecifier(file, specifier) ?? []);
}

/** Each group of modules that import one another round a circle (strongly connected, Tarjan), as relative paths. */
function importCircles(files: readonly string[]): string[][] {
  const inside = new Set(files);
  const graph = new Map(files.map((file) => [file, importsOf(file).filter((target) => inside.has(target))]));
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const circles: string[][] = [];
  const visit = (file: string) => {
    order.set(file, order.size);
    low.set(file, order.get(file)!);
    stack.push(file);
    for (const target of graph.get(file)!) {
      if (!order.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (stack.includes(target)) low.set(file, Math.min(low.get(file)!, order.get(target)!));
    }
    if (low.get(file) !== order.get(file)) return;
    const group = stack.splice(stack.indexOf(file));
    if (group.length > 1 || graph.get(file)!.includes(file)) circles.push(group.map((member) => relative(ROOT, member)).sort());
  };
  for (const file of files) if (!order.has(file)) visit(file);
  return circles;
}

// Reading every component takes seconds on a busy machine.
describe('imports among the components', { timeout: 60_000 }, () => {
  it('go one way: no module imports, through others, one that imports it', () => {
    expect(importCircles(modulesUnder(join(ROOT, 'components')))).toEqual([]);
  });
});
