import type { SavedPrompt } from '../core/prompts';
import { FALLBACK_LOCALE, loadLocaleResources } from '../i18n/i18n';

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
 * The starter prompts written in `locale` (English for a locale Parley lacks). They are read from the locale files
 * as they are, not through i18next, whose interpolation would fill in their `{{variables}}`.
 */
export async function starterPrompts(locale: string): Promise<SavedPrompt[]> {
  const resources = (await loadLocaleResources(locale)) ?? (await loadLocaleResources(FALLBACK_LOCALE));
  const strings = ((resources?.translation as { prompts?: { starter?: StarterStrings } } | undefined)?.prompts?.starter ??
    {}) as StarterStrings;
  return STARTER_PROMPTS.flatMap(({ id, inMenu }) => {
    const { title, text } = strings[id] ?? {};
    return typeof title === 'string' && typeof text === 'string' ? [{ id, title, text, inMenu }] : [];
  });
}
