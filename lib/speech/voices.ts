import { SUPPORTED_LOCALES, localeOfLanguage, type LocaleCode } from '../i18n/languages';

/** One entry of a voice picker: `value` is what the engine is given, `label` what the list shows. */
export interface VoiceOption {
  label: string;
  value: string;
}

/** The fields of a SpeechSynthesisVoice (or a chrome.tts voice mapped onto it) that the catalogue reads. */
export interface ReportedVoice {
  name: string;
  lang: string;
  voiceURI?: string;
  localService?: boolean;
  default?: boolean;
}

const ALL_LOCALES: readonly LocaleCode[] = SUPPORTED_LOCALES.map((l) => l.code);

function uniqueByValue(options: Iterable<VoiceOption>): VoiceOption[] {
  const seen = new Map<string, VoiceOption>();
  for (const option of options) if (!seen.has(option.value)) seen.set(option.value, option);
  return [...seen.values()];
}

function pick(catalogue: ReadonlyMap<LocaleCode, readonly VoiceOption[]>, locale: LocaleCode | undefined): VoiceOption[] {
  if (locale) return [...(catalogue.get(locale) ?? [])];
  return uniqueByValue(ALL_LOCALES.flatMap((code) => catalogue.get(code) ?? []));
}

// ---- Browser speech synthesis ------------------------------------------------

/**
 * Voice names that ship with common platforms (Chrome's Google voices, macOS,
 * Windows), offered when the browser has not reported usable voices yet —
 * getVoices() is empty until `voiceschanged` fires, and absent in a worker.
 */
const BUILT_IN_BROWSER_VOICES: Record<LocaleCode, readonly string[]> = {
  'ar-SA': ['Maged', 'Microsoft Naayf - Arabic (Saudi Arabia)'],
  'de-DE': ['Google Deutsch', 'Anna', 'Microsoft Hedda - German (Germany)'],
  'en-US': ['Google US English', 'Samantha', 'Microsoft David - English (United States)', 'Microsoft Zira - English (United States)'],
  'es-ES': ['Google español', 'Mónica', 'Microsoft Helena - Spanish (Spain)'],
  'fr-FR': ['Google français', 'Thomas', 'Microsoft Hortense - French (France)'],
  'ja-JP': ['Google 日本語', 'Kyoko', 'Microsoft Haruka - Japanese (Japan)'],
  'ko-KR': ['Google 한국의', 'Yuna', 'Microsoft Heami - Korean (Korea)'],
  'pt-BR': ['Google português do Brasil', 'Luciana', 'Microsoft Maria - Portuguese (Brazil)'],
  'ru-RU': ['Google русский', 'Milena', 'Microsoft Irina - Russian (Russia)'],
  'zh-CN': ['Google 普通话（中国大陆）', 'Tingting', 'Microsoft Huihui - Chinese (Simplified, PRC)'],
  'zh-TW': ['Google 國語（臺灣）', 'Meijia', 'Microsoft Hanhan - Chinese (Traditional, Taiwan)'],
};

const builtInBrowserCatalogue: ReadonlyMap<LocaleCode, readonly VoiceOption[]> = new Map(
  ALL_LOCALES.map((code) => [code, BUILT_IN_BROWSER_VOICES[code].map((name) => ({ label: name, value: name }))]),
);

/**
 * Groups the browser's voices by supported locale. A voice belongs to the
 * locale its `lang` maps to under localeOfLanguage (so en_US, en-us, en-GB and
 * plain `en` all count as English); voices in other languages are dropped.
 * If no reported voice survives, the built-in list stands in for all of them.
 * The value is the voice name, the key both speechSynthesis and chrome.tts
 * can look a voice up by.
 */
export function browserVoicesByLocale(reported: readonly ReportedVoice[]): ReadonlyMap<LocaleCode, readonly VoiceOption[]> {
  const grouped = new Map<LocaleCode, VoiceOption[]>();
  for (const voice of reported) {
    const locale = localeOfLanguage(voice.lang);
    if (!locale || !voice.name) continue;
    const list = grouped.get(locale) ?? [];
    list.push({ label: voice.name, value: voice.name });
    grouped.set(locale, list);
  }
  if (grouped.size === 0) return builtInBrowserCatalogue;
  return new Map([...grouped].map(([code, list]) => [code, uniqueByValue(list)]));
}

/**
 * Voice groups shown together (a picker's "All languages"): each voice stays
 * only in the first group that lists it, because a browser voice reported for
 * two locales is still one voice (SPEC "Speech voice option": merged lists
 * hold each voice once). Groups left empty are dropped.
 */
export function mergeVoiceGroups<G extends { voices: readonly VoiceOption[] }>(groups: readonly G[]): G[] {
  const seen = new Set<string>();
  return groups.flatMap((group) => {
    const voices = group.voices.filter((voice) => !seen.has(voice.value) && seen.add(voice.value));
    return voices.length ? [{ ...group, voices }] : [];
  });
}

/** Browser voices for one locale, or for every supported locale merged without duplicates. */
export function browserVoiceOptions(reported: readonly ReportedVoice[], locale?: LocaleCode): VoiceOption[] {
  return pick(browserVoicesByLocale(reported), locale);
}

// ---- Microsoft neural voices (Azure Speech and Edge read-aloud) --------------

/**
 * Short name -> display name. Restricted to voices both Azure Speech and the
 * Edge read-aloud service offer, so one catalogue serves the two engines.
 */
const NEURAL_VOICES: Record<LocaleCode, Record<string, string>> = {
  'ar-SA': { Hamed: 'Hamed', Zariyah: 'Zariyah' },
  'de-DE': { Katja: 'Katja', Conrad: 'Conrad', Amala: 'Amala', Killian: 'Killian' },
  'en-US': {
    Jenny: 'Jenny',
    Guy: 'Guy',
    Aria: 'Aria',
    Ana: 'Ana',
    Andrew: 'Andrew',
    Ava: 'Ava',
    Brian: 'Brian',
    Christopher: 'Christopher',
    Emma: 'Emma',
    Eric: 'Eric',
    Michelle: 'Michelle',
    Roger: 'Roger',
    Steffan: 'Steffan',
  },
  'es-ES': { Elvira: 'Elvira', Alvaro: 'Álvaro', Ximena: 'Ximena' },
  'fr-FR': { Denise: 'Denise', Henri: 'Henri', Eloise: 'Eloise' },
  'ja-JP': { Nanami: 'Nanami', Keita: 'Keita' },
  'ko-KR': { SunHi: 'Sun-Hi', InJoon: 'InJoon' },
  'pt-BR': { Francisca: 'Francisca', Antonio: 'Antônio' },
  'ru-RU': { Svetlana: 'Svetlana', Dmitry: 'Dmitry' },
  'zh-CN': {
    Xiaoxiao: 'Xiaoxiao',
    Yunxi: 'Yunxi',
    Xiaoyi: 'Xiaoyi',
    Yunjian: 'Yunjian',
    Yunxia: 'Yunxia',
    Yunyang: 'Yunyang',
  },
  'zh-TW': { HsiaoChen: 'HsiaoChen', YunJhe: 'YunJhe', HsiaoYu: 'HsiaoYu' },
};

const neuralCatalogue: ReadonlyMap<LocaleCode, readonly VoiceOption[]> = new Map(
  ALL_LOCALES.map((code) => [
    code,
    Object.entries(NEURAL_VOICES[code]).map(([name, label]) => ({ label, value: `${code}-${name}Neural` })),
  ]),
);

/** Neural voices keyed `<locale>-<Name>Neural`, for one locale or all of them merged. */
export function neuralVoiceOptions(locale?: LocaleCode): VoiceOption[] {
  return pick(neuralCatalogue, locale);
}

const NEURAL_KEY = /^([a-z]{2}-[A-Z]{2})-[A-Za-z]+Neural$/;

/** The locale a neural voice key speaks, which SSML needs for `xml:lang`; undefined for a malformed key. */
export function neuralVoiceLocale(value: string): LocaleCode | undefined {
  const code = NEURAL_KEY.exec(value)?.[1];
  return code && ALL_LOCALES.includes(code as LocaleCode) ? (code as LocaleCode) : undefined;
}

// ---- OpenAI voices -----------------------------------------------------------

export const OPENAI_VOICES = ['alloy', 'ash', 'ballad', 'coral', 'echo', 'fable', 'onyx', 'nova', 'sage', 'shimmer'] as const;
export type OpenAIVoice = (typeof OPENAI_VOICES)[number];

export const OPENAI_TTS_MODELS = ['tts-1', 'tts-1-hd', 'gpt-4o-mini-tts'] as const;

/** OpenAI's speech guide: tts-1 and tts-1-hd lack `ballad`; the gpt-4o TTS models have every voice. */
const LEGACY_MODEL_VOICES: readonly OpenAIVoice[] = OPENAI_VOICES.filter((v) => v !== 'ballad');

/**
 * Voices a speech model accepts. gpt-4o-mini-tts and its dated snapshots
 * (gpt-4o-mini-tts-2025-…) take all ten; tts-1, tts-1-hd and models we do not
 * know — OpenAI-compatible servers usually mirror tts-1 — get the set every
 * model shares.
 */
export function openaiVoicesFor(model: string): readonly OpenAIVoice[] {
  return /^gpt-4o-mini-tts(-|$)/.test(model) ? OPENAI_VOICES : LEGACY_MODEL_VOICES;
}

export function openaiVoiceOptions(model: string): VoiceOption[] {
  return openaiVoicesFor(model).map((voice) => ({ label: voice.charAt(0).toUpperCase() + voice.slice(1), value: voice }));
}
