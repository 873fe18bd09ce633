import type { SavedPrompt } from '../core/prompts';

/** The starter set, in library order; the first four are the right-click menu's quick actions. */
export const STARTER_PROMPTS = [
  { id: 'explain', inMenu: true },
  { id: 'summarize', inMenu: true },
  { id: 'translate', inMenu: true },
  { id: 'fixGrammar', inMenu: true },
  { id: 'summarizePage', inMenu: false },
  { id: 'rewrite', inMenu: false },
] as const;

/** The starter set's texts as a locale file holds them under `promptStarters`, by prompt id. */
export type StarterStrings = Record<string, { title?: unknown; text?: unknown } | undefined>;

/**
 * The starter prompts from one locale's texts, read as the file has them, not
 * through i18next, whose interpolation would fill in their `{{variables}}`.
 */
export function startersFrom(strings: StarterStrings | undefined): SavedPrompt[] {
  return STARTER_PROMPTS.flatMap(({ id, inMenu }) => {
    const { title, text } = strings?.[id] ?? {};
    return typeof title === 'string' && typeof text === 'string' ? [{ id, title, text, inMenu }] : [];
  });
}
