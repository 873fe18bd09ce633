import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../../..');
export const LOCALES_DIR = join(ROOT, 'lib/i18n/locales');
export const REFERENCE_LOCALE = 'en-US';

/** i18next JSON v4 plural suffixes, as Intl.PluralRules names the categories. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

export interface Fragment {
  locale: string;
  /** The top-level section the file holds: `chat` for `en-US/chat.json`. */
  feature: string;
  /** Relative to the locales folder. */
  file: string;
}

/** Every file in every locale's folder, whatever it is named. */
export function listFragments(dir = LOCALES_DIR): Fragment[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap(({ name: locale }) =>
      readdirSync(join(dir, locale)).map((name) => ({ locale, feature: name.replace(/\.json$/, ''), file: `${locale}/${name}` })),
    );
}

export function fragmentFile(locale: string, feature: string): string {
  return `${locale}/${feature}.json`;
}

export function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
}

/** Leaf strings by dotted key; anything that is neither a string nor an object is reported under its key. */
export function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

export function splitPlural(key: string): { base: string; category?: Intl.LDMLPluralRule } {
  const match = PLURAL_SUFFIX.exec(key);
  return match ? { base: key.slice(0, match.index), category: match[1] as Intl.LDMLPluralRule } : { base: key };
}

/** Names of `{{name}}` / `{{name, format}}` interpolations, sorted; the format is the locale's own business. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^,}\s]+)[^}]*\}\}/g)].map((m) => m[1]!).sort();
}

export function pluralCategories(locale: string): Intl.LDMLPluralRule[] {
  return [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort();
}

/**
 * Categories that stand for one number only (Arabic's zero, one and two): a
 * form for them may spell the number out instead of showing {{count}}.
 */
export function singleValueCategories(locale: string): Set<Intl.LDMLPluralRule> {
  const rules = new Intl.PluralRules(locale);
  const seen = new Map<Intl.LDMLPluralRule, number>();
  for (let n = 0; n <= 1000; n++) {
    const category = rules.select(n);
    seen.set(category, (seen.get(category) ?? 0) + 1);
  }
  return new Set([...seen].filter(([, count]) => count === 1).map(([category]) => category));
}

export interface Entry {
  /** Plural categories present when the key is plural; undefined for a plain string. */
  categories?: Intl.LDMLPluralRule[];
  /** Values by category ('' for a plain string). */
  values: Map<string, unknown>;
}

/** Groups `key_one`, `key_other`… under `key`. */
export function entries(strings: unknown): Map<string, Entry> {
  const out = new Map<string, Entry>();
  for (const [key, value] of flatten(strings)) {
    const { base, category } = splitPlural(key);
    const entry: Entry = out.get(base) ?? { values: new Map() };
    if (category) entry.categories = [...(entry.categories ?? []), category].sort();
    entry.values.set(category ?? '', value);
    out.set(base, entry);
  }
  return out;
}

export function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * Differences of one locale's fragment from the English one: missing and
 * extra keys, plural forms other than the locale needs, placeholders that
 * differ, and empty or non-string values.
 */
export function compareFragment(locale: string, english: unknown, translated: unknown): string[] {
  const problems: string[] = [];
  const reference = entries(english);
  const own = entries(translated);
  const required = pluralCategories(locale);
  const spelledOut = singleValueCategories(locale);

  for (const [key, { categories, values }] of reference) {
    const mine = own.get(key);
    if (!mine) {
      problems.push(`missing ${key}`);
      continue;
    }
    if (categories) {
      if (!mine.categories || mine.values.has('')) {
        problems.push(`${key} must be plural (${required.join(', ')})`);
        continue;
      }
      if (!sameList(mine.categories, required)) {
        problems.push(`${key} has plural forms ${mine.categories.join(', ')}; ${locale} needs ${required.join(', ')}`);
      }
    } else if (mine.categories) {
      problems.push(`${key} must not be plural`);
      continue;
    }
    const expected = [...new Set([...values.values()].flatMap((v) => (typeof v === 'string' ? placeholders(v) : [])))].sort();
    for (const [category, value] of mine.values) {
      const name = category ? `${key}_${category}` : key;
      if (typeof value !== 'string' || !value.trim()) {
        problems.push(`${name} is not a non-empty string`);
        continue;
      }
      const found = [...new Set(placeholders(value))].sort();
      const allowed = category && spelledOut.has(category as Intl.LDMLPluralRule) ? expected.filter((p) => p !== 'count') : undefined;
      if (!sameList(found, expected) && !(allowed && sameList(found, allowed))) {
        problems.push(`${name} has placeholders [${found.join(', ')}], en-US has [${expected.join(', ')}]`);
      }
    }
  }
  for (const key of own.keys()) if (!reference.has(key)) problems.push(`extra ${key}`);
  return problems;
}
