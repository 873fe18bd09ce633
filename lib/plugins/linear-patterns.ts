import { format } from '@cfworker/json-schema';
import { RE2JS } from 're2js';

/**
 * Plugin schemas are third-party text, and a schema `pattern` such as
 * `^(a|a)*$` makes a backtracking engine take time exponential in the input,
 * freezing the whole background. Schema patterns therefore run on RE2 (re2js),
 * whose matching time is linear in the input. A pattern must be valid ECMAScript
 * (the dialect JSON Schema specifies) and expressible in RE2, which rules out
 * backreferences and lookaround.
 */

const NativeRegExp = globalThis.RegExp;

/** Installed plugins bring a handful of patterns; the cap only stops an unbounded stream of distinct ones. */
const MAX_CACHED = 256;
const compiled = new Map<string, RE2JS>();

function compile(source: string): RE2JS {
  const cached = compiled.get(source);
  if (cached) return cached;
  // Parsing (never running) the pattern natively takes time linear in its length and enforces ECMAScript syntax.
  new NativeRegExp(source, 'u');
  const re2 = RE2JS.compile(RE2JS.translateRegExp(source));
  if (compiled.size >= MAX_CACHED) compiled.clear();
  compiled.set(source, re2);
  return re2;
}

/** Why a schema pattern cannot be used, in English; undefined when it can. */
export function patternProblem(source: string): string | undefined {
  try {
    compile(source);
    return undefined;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/**
 * The part of RegExp that @cfworker/json-schema uses (`new RegExp(pattern, 'u').test(text)`
 * for `pattern`, `patternProperties` and `format: "regex"`), matched by RE2.
 * Construction throws, as RegExp's does, for a pattern that cannot be used.
 */
class LinearPattern {
  readonly #re2: RE2JS;

  constructor(source: string) {
    this.#re2 = compile(String(source));
  }

  test(input: string): boolean {
    return this.#re2.test(String(input));
  }
}

const URL_SCHEMES: ReadonlySet<string> = new Set(['http:', 'https:', 'ftp:']);

/**
 * The library's own check for `format: "url"` is a regex literal that
 * backtracks exponentially: "http://", 40 letters and "_" take minutes. It is
 * replaced, for every validator in the extension, by the URL parser the
 * browser itself uses, which answers in linear time: an absolute http, https
 * or ftp URL, as the original asked for.
 */
format.url = (text: string) => {
  try {
    return URL_SCHEMES.has(new URL(text).protocol);
  } catch {
    return false;
  }
};

/**
 * Runs synchronous schema validation with every `new RegExp` it makes matched
 * by RE2. @cfworker/json-schema constructs its pattern regexes through the
 * global RegExp and offers no hook, so the global is swapped for the duration
 * of the call; the call is synchronous, so nothing else runs meanwhile, and
 * regex literals (the library's own format checks) are not affected.
 */
export function withLinearPatterns<T>(validate: () => T): T {
  const previous = globalThis.RegExp;
  globalThis.RegExp = LinearPattern as unknown as RegExpConstructor;
  try {
    return validate();
  } finally {
    globalThis.RegExp = previous;
  }
}
