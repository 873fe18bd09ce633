import type { SavedPrompt } from '../core/prompts';
import { FALLBACK_LOCALE } from '../i18n/i18n';
import { startersFrom, type StarterStrings } from './starter';

/**
 * Every locale's starter texts, bundled rather than loaded on demand: the background builds the right-click menu
 * from them, and a service worker may not import a module dynamically. (The panel reads them from the strings of
 * its own language, which it has loaded already: components/prompts/panel-starters.ts.)
 */
const STARTERS = import.meta.glob<{ promptStarters?: StarterStrings }>('../i18n/locales/*/promptStarters.json', {
  eager: true,
  import: 'default',
});

const startersOf = (locale: string) => STARTERS[`../i18n/locales/${locale}/promptStarters.json`]?.promptStarters;

/** The starter prompts written in `locale` (English for a locale Parley lacks). */
export function starterPrompts(locale: string): SavedPrompt[] {
  return startersFrom(startersOf(locale) ?? startersOf(FALLBACK_LOCALE));
}
