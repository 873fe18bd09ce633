import type { i18n } from 'i18next';
import type { SavedPrompt } from '../../lib/core/prompts';
import { startersFrom, type StarterStrings } from '../../lib/prompts/starter';

/**
 * The starter prompts in the panel's language, from the strings it loaded at
 * start (the locale bundle holds `promptStarters`), so the panel carries no
 * other language's prompts. Read raw: i18next's `t` would fill in their
 * `{{variables}}`.
 */
export function panelStarters(instance: i18n): SavedPrompt[] {
  const strings = instance.getResourceBundle(instance.resolvedLanguage ?? instance.language, 'translation') as
    { promptStarters?: StarterStrings } | undefined;
  return startersFrom(strings?.promptStarters);
}
