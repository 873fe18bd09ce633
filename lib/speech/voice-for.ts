import type { PersonaVoice } from '../core/prompts';
import type { SpeechEngineId } from '../core/speech-engines';
import { localeOfLanguage, type LocaleCode } from '../i18n/languages';
import type { SpeechSettings } from './speech-settings';
import { neuralVoiceLocale, neuralVoiceOptions, openaiVoicesFor, type OpenAIVoice } from './voices';

// Apart from speech-settings.ts so that reading settings (the panel's first load) does not carry the voice catalogues.

export interface ResolvedVoice {
  voice: string;
  rate: number;
  pitch: number;
}

/**
 * The voice that speaks with `engine`. For text in a known language (`lang`,
 * a page's), the chosen voice is used when it speaks that language (or any
 * language, as OpenAI's do); otherwise a neural engine takes the first
 * catalogue voice of that language and the browser picks its own voice for
 * it, rather than reading German with an English voice. Without a language
 * (an answer), the chosen voice is used as it is, and with none chosen a
 * neural engine takes the first voice of `fallbackLocale`.
 */
export function voiceFor(
  settings: SpeechSettings,
  engine: SpeechEngineId,
  { lang, fallbackLocale = 'en-US' }: { lang?: string; fallbackLocale?: LocaleCode } = {},
): ResolvedVoice {
  const choice = settings.voices[engine];
  const base = { rate: choice.rate, pitch: choice.pitch };
  if (engine === 'openai') {
    const allowed: readonly string[] = openaiVoicesFor(settings.openai.model);
    return { ...base, voice: allowed.includes(choice.voice) ? choice.voice : (allowed[0] as OpenAIVoice) };
  }
  const wanted = lang ? localeOfLanguage(lang) : undefined;
  const voiceLocale = engine === 'browser' ? choice.locale : neuralVoiceLocale(choice.voice);
  if (choice.voice && (!wanted || !voiceLocale || voiceLocale === wanted)) return { ...base, voice: choice.voice };
  if (engine === 'browser') return { ...base, voice: '' };
  return { ...base, voice: neuralVoiceOptions(wanted ?? (settings.locale || fallbackLocale))[0]?.value ?? '' };
}

/** The engine that reads an answer and the voice it reads with. */
export interface AnswerVoice extends ResolvedVoice {
  engine: SpeechEngineId;
}

/**
 * How an answer is read: with the voice of the persona its chat was started with, when that persona has one (at the
 * speed and pitch the user set for that engine), else with the engine and voice of the speech settings.
 */
export function answerVoice(
  settings: SpeechSettings,
  personaVoice: PersonaVoice | undefined,
  options: { fallbackLocale?: LocaleCode } = {},
): AnswerVoice {
  if (!personaVoice) return { engine: settings.engine, ...voiceFor(settings, settings.engine, options) };
  const { engine, voice } = personaVoice;
  // Through voiceFor, so that an OpenAI voice the chosen model no longer offers falls back as the settings' own would.
  const withVoice: SpeechSettings = { ...settings, voices: { ...settings.voices, [engine]: { ...settings.voices[engine], voice } } };
  return { engine, ...voiceFor(withVoice, engine, options) };
}
