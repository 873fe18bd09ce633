import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { ROOT } from './strings';

export const COMPONENTS = join(ROOT, 'components');

export function componentFiles(extensions = /\.tsx?$/): string[] {
  return readdirSync(COMPONENTS, { recursive: true, encoding: 'utf8' })
    .filter((f) => extensions.test(f))
    .map((f) => join(COMPONENTS, f))
    .sort();
}

export interface Finding {
  file: string;
  line: number;
  text: string;
}

/** Attributes whose value people read or hear. */
const VISIBLE_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
]);

const LETTER = /\p{L}/u;

/**
 * String literals an expression can evaluate to, as opposed to ones it only
 * compares with or passes to a function (`t('key')` is a key, not text).
 */
function shownLiterals(expr: ts.Expression): ts.Node[] {
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return [expr];
  if (ts.isTemplateExpression(expr)) return [expr.head, ...expr.templateSpans.map((s) => s.literal)];
  if (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr) || ts.isSatisfiesExpression(expr))
    return shownLiterals(expr.expression);
  if (ts.isConditionalExpression(expr)) return [...shownLiterals(expr.whenTrue), ...shownLiterals(expr.whenFalse)];
  if (ts.isBinaryExpression(expr)) {
    const op = expr.operatorToken.kind;
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return shownLiterals(expr.right);
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.PlusToken) {
      return [...shownLiterals(expr.left), ...shownLiterals(expr.right)];
    }
  }
  return [];
}

function literalText(node: ts.Node): string {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) return node.text;
  return node.getText();
}

/**
 * Visible text written into JSX instead of coming from i18next: text between
 * tags, string literals shown as children, and string literals in the
 * attributes people read (aria-label, title, placeholder, alt, label).
 */
export function hardCodedText(file: string, source: string, allowed: ReadonlySet<string> = new Set()): Finding[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Finding[] = [];
  const report = (node: ts.Node, text: string) => {
    const trimmed = text.replace(/\s+/g, ' ').trim();
    if (!LETTER.test(trimmed) || allowed.has(trimmed)) return;
    found.push({ file: relative(ROOT, file), line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, text: trimmed });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      for (const literal of shownLiterals(node.expression)) report(literal, literalText(literal));
    } else if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText(sf)) && node.initializer) {
      const init = node.initializer;
      if (ts.isStringLiteral(init)) report(init, init.text);
      else if (ts.isJsxExpression(init) && init.expression)
        for (const literal of shownLiterals(init.expression)) report(literal, literalText(literal));
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

export type KeyUse =
  | { kind: 'exact'; key: string; file: string; line: number }
  | { kind: 'prefix'; prefix: string; file: string; line: number; text: string }
  | { kind: 'unresolved'; file: string; line: number; text: string };

function literalValues(type: ts.Type): string[] | undefined {
  const members = type.isUnion() ? type.types : [type];
  const values: string[] = [];
  for (const member of members) {
    if (member.isStringLiteral() || member.isNumberLiteral()) values.push(String(member.value));
    else if (member.flags & ts.TypeFlags.BooleanLiteral) values.push((member as unknown as { intrinsicName: string }).intrinsicName);
    else if (member.flags & ts.TypeFlags.Undefined) values.push('undefined');
    else return undefined;
  }
  return values;
}

/** The string members of `NAME` in `NAME.has(x)`, when NAME is declared as `new Set([...literals])`. */
function setMembers(checker: ts.TypeChecker, call: ts.CallExpression): { subject: string; values: string[] } | undefined {
  if (!ts.isPropertyAccessExpression(call.expression) || call.expression.name.text !== 'has' || call.arguments.length !== 1)
    return undefined;
  const declaration = checker.getSymbolAtLocation(call.expression.expression)?.valueDeclaration;
  if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
  const init = declaration.initializer;
  if (!ts.isNewExpression(init) || init.expression.getText() !== 'Set' || !init.arguments?.[0]) return undefined;
  const list = init.arguments[0];
  if (!ts.isArrayLiteralExpression(list) || !list.elements.every(ts.isStringLiteral)) return undefined;
  return { subject: call.arguments[0]!.getText(), values: list.elements.map((e) => (e as ts.StringLiteral).text) };
}

function isTranslateCall(node: ts.Node): node is ts.CallExpression {
  if (!ts.isCallExpression(node) || !node.arguments.length) return false;
  const callee = node.expression;
  return (ts.isIdentifier(callee) && callee.text === 't') || (ts.isPropertyAccessExpression(callee) && callee.name.text === 't');
}

/**
 * Every i18n key the components pass to t(): literal keys as they are;
 * template keys expanded over the literal types of their parts (a Set guard
 * `S.has(x) ? …${x}… : …` or `if (S.has(x))` narrows x to S's members); a part
 * typed as a plain string leaves only the key's fixed prefix to check.
 */
export function translationKeys(files: readonly string[], options: ts.CompilerOptions): KeyUse[] {
  const program = ts.createProgram(files, options);
  const checker = program.getTypeChecker();
  const uses: KeyUse[] = [];
  for (const file of files) {
    const sf = program.getSourceFile(file);
    if (!sf) throw new Error(`not in the program: ${file}`);
    const where = (node: ts.Node) => ({ file: relative(ROOT, file), line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1 });
    const resolve = (expr: ts.Expression, guards: Map<string, string[]>) => {
      if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) {
        uses.push({ kind: 'exact', key: expr.text, ...where(expr) });
      } else if (ts.isParenthesizedExpression(expr)) {
        resolve(expr.expression, guards);
      } else if (ts.isConditionalExpression(expr)) {
        const guard = ts.isCallExpression(expr.condition) ? setMembers(checker, expr.condition) : undefined;
        resolve(expr.whenTrue, guard ? new Map([...guards, [guard.subject, guard.values]]) : guards);
        resolve(expr.whenFalse, guards);
      } else if (ts.isTemplateExpression(expr)) {
        let keys = [expr.head.text];
        for (const span of expr.templateSpans) {
          const values = guards.get(span.expression.getText()) ?? literalValues(checker.getTypeAtLocation(span.expression));
          if (!values) {
            uses.push({ kind: 'prefix', prefix: keys[0]!, text: expr.getText(), ...where(expr) });
            return;
          }
          keys = keys.flatMap((k) => values.map((v) => `${k}${v}${span.literal.text}`));
        }
        for (const key of keys) uses.push({ kind: 'exact', key, ...where(expr) });
      } else {
        const values = literalValues(checker.getTypeAtLocation(expr));
        if (values) for (const key of values) uses.push({ kind: 'exact', key, ...where(expr) });
        else uses.push({ kind: 'unresolved', text: expr.getText(), ...where(expr) });
      }
    };
    // A guard holds in the branch it opens, whether t() is called inside the branch or the branch is t()'s argument.
    const visit = (node: ts.Node, guards: Map<string, string[]>) => {
      if (isTranslateCall(node)) resolve(node.arguments[0]!, guards);
      const branching = ts.isConditionalExpression(node)
        ? { condition: node.condition, then: node.whenTrue }
        : ts.isIfStatement(node)
          ? { condition: node.expression, then: node.thenStatement }
          : undefined;
      const guard = branching && ts.isCallExpression(branching.condition) ? setMembers(checker, branching.condition) : undefined;
      ts.forEachChild(node, (child) =>
        visit(child, guard && child === branching?.then ? new Map([...guards, [guard.subject, guard.values]]) : guards),
      );
    };
    visit(sf, new Map());
  }
  return uses;
}

export function projectCompilerOptions(): ts.CompilerOptions {
  const configPath = join(ROOT, 'tsconfig.json');
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, ROOT, undefined, configPath);
  return { ...parsed.options, noEmit: true };
}

/** Calls whose import() loads its module together with the late strings (components/common/on-demand.tsx). */
const LATE_STRING_LOADERS = new Set(['lazyView', 'onDemand']);

function insideLateStringLoader(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isCallExpression(at) && ts.isIdentifier(at.expression) && LATE_STRING_LOADERS.has(at.expression.text)) return true;
  }
  return false;
}

/**
 * The project's modules a page can run before anything has asked for the late strings (lib/i18n/sections.ts): those
 * `entry` imports, statically or through an import() that is not an argument of lazyView or onDemand, and theirs.
 * Paths are relative to the project's root.
 */
export function modulesWithoutLateStrings(entry: string, options: ts.CompilerOptions): Set<string> {
  const seen = new Set<string>();
  const queue = [join(ROOT, entry)];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const sf = ts.createSourceFile(file, ts.sys.readFile(file) ?? '', ts.ScriptTarget.Latest, true);
    const specifiers: string[] = [];
    const visit = (node: ts.Node) => {
      if (
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
        node.moduleSpecifier &&
        ts.isStringLiteral(node.moduleSpecifier)
      ) {
        if (!(ts.isImportDeclaration(node) && node.importClause?.isTypeOnly)) specifiers.push(node.moduleSpecifier.text);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && !insideLateStringLoader(node)) {
        const [specifier] = node.arguments;
        if (specifier && ts.isStringLiteral(specifier)) specifiers.push(specifier.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
    for (const specifier of specifiers) {
      const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule;
      if (resolved && !resolved.isExternalLibraryImport && /\.tsx?$/.test(resolved.resolvedFileName)) queue.push(resolved.resolvedFileName);
    }
  }
  return new Set([...seen].map((file) => relative(ROOT, file)));
}
