export type LocaleCode = 'ar-SA' | 'de-DE' | 'en-US' | 'es-ES' | 'fr-FR' | 'ja-JP' | 'ko-KR' | 'pt-BR' | 'ru-RU' | 'zh-CN' | 'zh-TW';

export interface SupportedLocale {
  code: LocaleCode;
  dir: 'ltr' | 'rtl';
}

/**
 * The interface languages, which the speech voice catalogue shares. The languages' names are apart, in
 * native-names.ts and in-sentence-names.ts: the early message box (components/startup/early-composer.ts) needs only the
 * codes and directions.
 */
export const SUPPORTED_LOCALES: readonly SupportedLocale[] = [
  { code: 'ar-SA', dir: 'rtl' },
  { code: 'de-DE', dir: 'ltr' },
  { code: 'en-US', dir: 'ltr' },
  { code: 'es-ES', dir: 'ltr' },
  { code: 'fr-FR', dir: 'ltr' },
  { code: 'ja-JP', dir: 'ltr' },
  { code: 'ko-KR', dir: 'ltr' },
  { code: 'pt-BR', dir: 'ltr' },
  { code: 'ru-RU', dir: 'ltr' },
  { code: 'zh-CN', dir: 'ltr' },
  { code: 'zh-TW', dir: 'ltr' },
];

export const DEFAULT_LOCALE: LocaleCode = 'en-US';

const BY_CODE = new Map(SUPPORTED_LOCALES.map((l) => [l.code.toLowerCase(), l.code]));

/** Every supported language except Chinese has exactly one locale, so the primary subtag decides. */
const BY_LANGUAGE = new Map(
  SUPPORTED_LOCALES.filter((l) => !l.code.startsWith('zh-')).map((l) => [l.code.slice(0, 2).toLowerCase(), l.code]),
);

/** Regions whose Chinese is written in traditional characters. */
const TRADITIONAL_REGIONS = new Set(['tw', 'hk', 'mo']);

export function isSupportedLocale(code: string): code is LocaleCode {
  return BY_CODE.get(code.toLowerCase()) === code;
}

/**
 * The supported locale a BCP 47-ish language tag belongs to, or undefined.
 * Tags are compared case-insensitively with `_` read as `-` (Android and some
 * speech engines report `en_US`). An exact locale wins; otherwise the primary
 * language decides (`en-GB` and `en` are English, so en-US). Chinese is split
 * by script, then region: Hant or TW/HK/MO is zh-TW, anything else zh-CN.
 */
export function localeOfLanguage(tag: string): LocaleCode | undefined {
  const subtags = tag.trim().replace(/_/g, '-').toLowerCase().split('-');
  const exact = BY_CODE.get(subtags.join('-'));
  if (exact) return exact;
  const [language, ...rest] = subtags;
  if (language === 'zh' || language === 'cmn') {
    if (rest.includes('hant')) return 'zh-TW';
    if (rest.includes('hans')) return 'zh-CN';
    return rest.some((s) => TRADITIONAL_REGIONS.has(s)) ? 'zh-TW' : 'zh-CN';
  }
  return language ? BY_LANGUAGE.get(language) : undefined;
}

/**
 * Picks the interface locale for a browser language (`navigator.language`) or
 * preference list (`navigator.languages`): the first entry that belongs to a
 * supported locale, else en-US.
 */
export function matchLocale(browserLanguage: string | readonly string[] | undefined): LocaleCode {
  const tags = typeof browserLanguage === 'string' ? [browserLanguage] : (browserLanguage ?? []);
  for (const tag of tags) {
    const locale = localeOfLanguage(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}
