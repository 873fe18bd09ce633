import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { LATE_SECTIONS } from '../lib/i18n/sections';

/** Import query that asks for a locale without its late sections: `./locales/en-US.json?locale-bundle`. */
export const LOCALE_BUNDLE_QUERY = '?locale-bundle';
/** Import query that asks for a locale's late sections only (lib/i18n/sections.ts). */
export const LATE_BUNDLE_QUERY = '?locale-bundle-late';

type Strings = Record<string, unknown>;

/** Deep-merges feature files into one tree; a later file's leaf wins. */
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

/** A locale's core file (`en-US.json`) first, then its feature files (`en-US.page.json`, …) in name order. */
export function localeFiles(dir: string, locale: string): string[] {
  const features = readdirSync(dir)
    .filter((name) => name.startsWith(`${locale}.`) && name.endsWith('.json') && name !== `${locale}.json`)
    .sort();
  return [`${locale}.json`, ...features].map((name) => join(dir, name));
}

/** The sections of a locale's merged strings that are late (`late`) or not. */
function sectionsOf(strings: Strings, late: boolean): Strings {
  return Object.fromEntries(Object.entries(strings).filter(([section]) => LATE_SECTIONS.includes(section) === late));
}

/**
 * Strings live in feature files so that work on one feature touches its own
 * files, but a panel needs its language at once: merged here at build time,
 * each language is two modules to fetch and parse (what the panel shows from
 * the start, and the late sections), and the loader tables name eleven
 * modules each instead of some three hundred.
 */
export function localeBundles(): Plugin {
  return {
    name: 'parley:locale-bundles',
    enforce: 'pre',
    load(id) {
      const query = [LOCALE_BUNDLE_QUERY, LATE_BUNDLE_QUERY].find((q) => id.endsWith(q));
      if (!query) return undefined;
      const core = id.slice(0, -query.length);
      const files = localeFiles(dirname(core), basename(core, '.json'));
      for (const file of files) this.addWatchFile(file);
      const strings = mergeStrings(files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as Strings));
      // Returned as JSON text: Vite's JSON plugin turns it into a module like any other .json import.
      return JSON.stringify(sectionsOf(strings, query === LATE_BUNDLE_QUERY));
    },
  };
}
