import { readdirSync, readFileSync } from 'node:fs';
import type { EarlyStrings } from '../components/app/early-composer';
import { localeFiles, mergeStrings } from './locale-bundles';

type Strings = Record<string, Record<string, unknown>>;

/** The message box's name and hint in every language, from the same locale files as the app's own box. */
export function earlyStrings(localesDir: string): Record<string, EarlyStrings> {
  const locales = readdirSync(localesDir)
    .filter((name) => /^[a-z]{2}-[A-Z]{2}\.json$/.test(name))
    .map((name) => name.slice(0, -'.json'.length));
  return Object.fromEntries(
    locales.map((locale) => {
      const strings = mergeStrings(localeFiles(localesDir, locale).map((file) => JSON.parse(readFileSync(file, 'utf8')) as Strings));
      const chat = (strings as Strings).chat!;
      return [locale, { label: String(chat.message), placeholder: String(chat.placeholder) }];
    }),
  );
}
