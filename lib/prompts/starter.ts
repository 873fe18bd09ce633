import type { SavedPrompt } from '../core/prompts';
import { FALLBACK_LOCALE } from '../i18n/i18n';

/** The starter set, in library order; the first four are the right-click menu's quick actions. */
export const STARTER_PROMPTS = [
  { id: 'explain', inMenu: true },
  { id: 'summarize', inMenu: true },
  { id: 'translate', inMenu: true },
  { id: 'fixGrammar', inMenu: true },
  { id: 'summarizePage', inMenu: false },
  { id: 'rewrite', inMenu: false },
] as const;

type StarterStrings = Record<string, { title?: unknown; text?: unknown } | undefined>;

/**
 * Every locale's starter texts, bundled rather than loaded on demand: the background builds the right-click menu
 * from them, and a service worker may not import a module dynamically. They are small, and kept apart from the
 * prompt library's interface strings for that reason.
 */
const STARTERS = import.meta.glob<{ prompts?: { starter?: StarterStrings } }>('../i18n/locales/*.prompt-starters.json', {
  eager: true,
  import: 'default',
});

const startersOf = (locale: string) => STARTERS[`../i18n/locales/${locale}.prompt-starters.json`]?.prompts?.starter;

/**
 * The starter prompts written in `locale` (English for a locale Parley lacks). They are read from the locale files
 * as they are, not through i18next, whose interpolation would fill in their `{{variables}}`.
 */
export function starterPrompts(locale: string): SavedPrompt[] {
  const strings = startersOf(locale) ?? startersOf(FALLBACK_LOCALE) ?? {};
  return STARTER_PROMPTS.flatMap(({ id, inMenu }) => {
    const { title, text } = strings[id] ?? {};
    return typeof title === 'string' && typeof text === 'string' ? [{ id, title, text, inMenu }] : [];
  });
}
