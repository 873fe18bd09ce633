import type { Conversation } from '../core/conversation';
import type { Persona } from '../core/prompts';
import { setPref } from '../storage/prefs';
import { checkLibraryLimit } from './library-limit';

/** Sampling temperatures every provider Parley talks to accepts. */
export const TEMPERATURE_RANGE = { min: 0, max: 2 } as const;

/** What a persona sets on a chat started with it; the model is chosen in the picker, where the user sees it. */
export function personaConversation(persona: Persona): Pick<Conversation, 'systemPrompt' | 'params' | 'persona'> {
  return {
    systemPrompt: persona.systemPrompt,
    params: persona.temperature === undefined ? {} : { temperature: persona.temperature },
    persona: persona.id,
  };
}

/** The persona a new chat starts with: the default one, if it still exists. */
export function defaultPersona(personas: readonly Persona[], defaultId: string | undefined): Persona | undefined {
  return personas.find((p) => p.id === defaultId);
}

/** A temperature typed in a field: undefined for an empty field (the model's own default), NaN when out of range. */
export function parseTemperature(text: string): number | undefined {
  if (!text.trim()) return undefined;
  const value = Number(text.replace(',', '.'));
  return Number.isFinite(value) && value >= TEMPERATURE_RANGE.min && value <= TEMPERATURE_RANGE.max ? value : NaN;
}

/** Stores the personas; throws LibraryLimitError for more than a library holds, which their export could not bring back. */
export async function savePersonas(personas: readonly Persona[]): Promise<void> {
  checkLibraryLimit(personas.length);
  await setPref('personas', [...personas]);
}
