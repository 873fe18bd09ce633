import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** Import query that asks for a whole locale: `./locales/en-US.json?locale-bundle`. */
export const LOCALE_BUNDLE_QUERY = '?locale-bundle';

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

/**
 * Strings live in feature files so that work on one feature touches its own
 * files, but a panel needs its whole language at once: merged here at build
 * time, each language is one module to fetch and parse, and the loader table
 * names eleven modules instead of some three hundred.
 */
export function localeBundles(): Plugin {
  return {
    name: 'parley:locale-bundles',
    enforce: 'pre',
    load(id) {
      if (!id.endsWith(LOCALE_BUNDLE_QUERY)) return undefined;
      const core = id.slice(0, -LOCALE_BUNDLE_QUERY.length);
      const files = localeFiles(dirname(core), basename(core, '.json'));
      for (const file of files) this.addWatchFile(file);
      // Returned as JSON text: Vite's JSON plugin turns it into a module like any other .json import.
      return JSON.stringify(mergeStrings(files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as Strings)));
    },
  };
}
