import { readdirSync, readFileSync } from 'node:fs';
import type { EarlyStrings } from '../components/startup/early-composer';
import { EARLY_COMPOSER_ID } from '../components/startup/page-ids';
import { escapeHtml } from '../components/markdown/escape-html';
import { DEFAULT_LOCALE } from '../lib/i18n/languages';
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

const EARLY_BOX = new RegExp(`(<div id="${EARLY_COMPOSER_ID}"[^>]*>\\s*<textarea)`);

/**
 * Names the early box in sidepanel.html itself, in the default language: the page can paint it before
 * early-composer.js has run and named it in the user's, and it is never without a name.
 */
export function nameEarlyBox(html: string, strings: Record<string, EarlyStrings>): string {
  const label = strings[DEFAULT_LOCALE]?.label;
  if (!label || !EARLY_BOX.test(html)) throw new Error('sidepanel.html must hold the early box, and the locales its name');
  return html.replace(EARLY_BOX, `$1 aria-label="${escapeHtml(label)}"`);
}
