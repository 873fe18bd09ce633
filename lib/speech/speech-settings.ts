import { SPEECH_ENGINE_IDS, type SpeechEngineId } from '../core/speech-engines';
import { isSupportedLocale, localeOfLanguage, type LocaleCode } from '../i18n/languages';

/** What the user chose for one engine. */
export interface VoiceChoice {
  /** A VoiceOption value of that engine; '' lets the engine pick one for the text's language. */
  voice: string;
  /** The locale group the voice was picked from; absent for voices that speak any language (OpenAI's). */
  locale?: LocaleCode;
  /** 1 is the voice's normal speed. */
  rate: number;
  /** 1 is the voice's normal pitch; OpenAI has no pitch control. */
  pitch: number;
}

export const OPENAI_AUDIO_FORMATS = ['mp3', 'opus', 'aac', 'flac', 'wav'] as const;
export type OpenAIAudioFormat = (typeof OPENAI_AUDIO_FORMATS)[number];

export const TRANSCRIPTION_MODELS = ['whisper-1', 'gpt-4o-mini-transcribe'] as const;
export type TranscriptionModel = (typeof TRANSCRIPTION_MODELS)[number];

/**
 * Where the OpenAI key for speech comes from: `auto` uses the first
 * configured OpenAI provider and falls back to the key saved in speech
 * settings; `own` always uses that key; any other value is a provider id.
 */
export type OpenAIKeySource = 'auto' | 'own' | (string & {});

export interface SpeechSettings {
  /** The engine that reads answers and pages. */
  engine: SpeechEngineId;
  /** Locale whose voices the pickers show; '' follows the interface language. */
  locale: LocaleCode | '';
  voices: Record<SpeechEngineId, VoiceChoice>;
  /** New answers are read aloud as they stream in. */
  autoRead: boolean;
  openai: {
    keySource: OpenAIKeySource;
    /** Used with the key saved in speech settings. */
    baseUrl: string;
    model: string;
    format: OpenAIAudioFormat;
  };
  azure: {
    region: string;
    /** Replaces https://{region}.tts.speech.microsoft.com/cognitiveservices/v1 when set. */
    endpoint: string;
  };
  edge: {
    /** Replaces the read-aloud WebSocket URL when set. */
    endpoint: string;
  };
  dictation: {
    /** `browser` is the Web Speech API's recognition; `openai` records and transcribes. */
    engine: 'browser' | 'openai';
    /** '' follows the interface language. */
    locale: LocaleCode | '';
    model: TranscriptionModel;
  };
}

const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';

export const DEFAULT_SPEECH_SETTINGS: Readonly<SpeechSettings> = {
  engine: 'browser',
  locale: '',
  voices: {
    browser: { voice: '', rate: 1, pitch: 1 },
    openai: { voice: 'alloy', rate: 1, pitch: 1 },
    azure: { voice: '', rate: 1, pitch: 1 },
    edge: { voice: '', rate: 1, pitch: 1 },
  },
  autoRead: false,
  openai: { keySource: 'auto', baseUrl: DEFAULT_OPENAI_BASE_URL, model: 'tts-1', format: 'mp3' },
  azure: { region: '', endpoint: '' },
  edge: { endpoint: '' },
  dictation: { engine: 'browser', locale: '', model: 'whisper-1' },
};

/** Speed and pitch the settings offer; engines clamp further to what their service accepts. */
export const RATE_RANGE = { min: 0.5, max: 2, step: 0.05 } as const;
export const PITCH_RANGE = { min: 0.5, max: 1.5, step: 0.05 } as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
const oneOf = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;
const localeOrFollow = (value: unknown): LocaleCode | '' => (typeof value === 'string' && isSupportedLocale(value) ? value : '');

function ranged(value: unknown, range: { min: number; max: number }, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(range.max, Math.max(range.min, value)) : fallback;
}

function voiceChoice(value: unknown, fallback: VoiceChoice): VoiceChoice {
  if (!isRecord(value)) return { ...fallback };
  const locale = typeof value.locale === 'string' && isSupportedLocale(value.locale) ? value.locale : undefined;
  return {
    voice: str(value.voice, fallback.voice),
    ...(locale ? { locale } : {}),
    rate: ranged(value.rate, RATE_RANGE, fallback.rate),
    pitch: ranged(value.pitch, PITCH_RANGE, fallback.pitch),
  };
}

/**
 * Settings as stored, made whole: fields an older version did not write, or
 * that hold something unusable, take their defaults, so every reader can rely
 * on the full shape.
 */
export function normalizeSpeechSettings(stored: unknown): SpeechSettings {
  const d = DEFAULT_SPEECH_SETTINGS;
  const s = isRecord(stored) ? stored : {};
  const voices = isRecord(s.voices) ? s.voices : {};
  const openai = isRecord(s.openai) ? s.openai : {};
  const azure = isRecord(s.azure) ? s.azure : {};
  const edge = isRecord(s.edge) ? s.edge : {};
  const dictation = isRecord(s.dictation) ? s.dictation : {};
  return {
    engine: oneOf(s.engine, SPEECH_ENGINE_IDS, d.engine),
    locale: localeOrFollow(s.locale),
    voices: Object.fromEntries(SPEECH_ENGINE_IDS.map((id) => [id, voiceChoice(voices[id], d.voices[id])])) as Record<
      SpeechEngineId,
      VoiceChoice
    >,
    autoRead: typeof s.autoRead === 'boolean' ? s.autoRead : d.autoRead,
    openai: {
      keySource: str(openai.keySource, d.openai.keySource) || d.openai.keySource,
      baseUrl: str(openai.baseUrl, d.openai.baseUrl).trim() || d.openai.baseUrl,
      model: str(openai.model, d.openai.model).trim() || d.openai.model,
      format: oneOf(openai.format, OPENAI_AUDIO_FORMATS, d.openai.format),
    },
    azure: { region: str(azure.region, '').trim(), endpoint: str(azure.endpoint, '').trim() },
    edge: { endpoint: str(edge.endpoint, '').trim() },
    dictation: {
      engine: oneOf(dictation.engine, ['browser', 'openai'] as const, d.dictation.engine),
      locale: localeOrFollow(dictation.locale),
      model: oneOf(dictation.model, TRANSCRIPTION_MODELS, d.dictation.model),
    },
  };
}

/** The locale the voice pickers open on. */
export function pickerLocale(settings: SpeechSettings, interfaceLocale: string): LocaleCode {
  return settings.locale || localeOfLanguage(interfaceLocale) || 'en-US';
}
