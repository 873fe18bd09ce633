import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { LATE_SECTIONS } from '../lib/i18n/sections';

/** Import query that asks for a locale without its late sections: `./locales/en-US/common.json?locale-bundle`. */
export const LOCALE_BUNDLE_QUERY = '?locale-bundle';
/** Import query that asks for a locale's late sections only (lib/i18n/sections.ts). */
export const LATE_BUNDLE_QUERY = '?locale-bundle-late';

type Strings = Record<string, unknown>;

/** Deep-merges string files into one tree; a later file's leaf wins. */
export function mergeStrings(parts: Strings[]): Strings {
  const out: Strings = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      const prev = out[key];
      out[key] =
        prev && typeof prev === 'object' && value && typeof value === 'object' ? mergeStrings([prev as Strings, value as Strings]) : value;
    }
  }
  return out;
}

/** The locales there are: one folder each (`en-US/`), holding one file per top-level section (`en-US/chat.json`). */
export function localeCodes(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^[a-z]{2}-[A-Z]{2}$/.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/** A locale's section files, in name order. */
export function localeFiles(dir: string, locale: string): string[] {
  const folder = join(dir, locale);
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => join(folder, name));
}

/** The sections of a locale's merged strings that are late (`late`) or not. */
function sectionsOf(strings: Strings, late: boolean): Strings {
  return Object.fromEntries(Object.entries(strings).filter(([section]) => LATE_SECTIONS.includes(section) === late));
}

/**
 * Strings live in one file per section so that work on one feature touches its
 * own files, but a panel needs its language at once: merged here at build time,
 * each language is two modules to fetch and parse (what the panel shows from
 * the start, and the late sections), and the loader tables name eleven
 * modules each instead of some three hundred. A locale is asked for by its
 * `common.json` with a bundle query, and served as its whole folder.
 */
export function localeBundles(): Plugin {
  const bundleQuery = (id: string) => [LOCALE_BUNDLE_QUERY, LATE_BUNDLE_QUERY].find((q) => id.endsWith(q));
  return {
    name: 'parley:locale-bundles',
    enforce: 'pre',
    resolveId(source, importer) {
      const query = bundleQuery(source);
      if (!query || !importer) return undefined;
      // `locales/en-US/common.json` becomes `locales/en-US.json`: the folder's bundle, its chunks named after the locale.
      const folder = dirname(resolve(dirname(importer), source.slice(0, -query.length)));
      return `${folder}.json${query}`;
    },
    load(id) {
      const query = bundleQuery(id);
      if (!query) return undefined;
      const bundle = id.slice(0, -query.length);
      const files = localeFiles(dirname(bundle), basename(bundle, '.json'));
      for (const file of files) this.addWatchFile(file);
      const strings = mergeStrings(files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as Strings));
      // Returned as JSON text: Vite's JSON plugin turns it into a module like any other .json import.
      return JSON.stringify(sectionsOf(strings, query === LATE_BUNDLE_QUERY));
    },
  };
}
