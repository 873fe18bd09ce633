import { describe, expect, it } from 'vitest';
import { NATIVE_NAMES } from '../../../lib/i18n/native-names';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, isSupportedLocale, localeOfLanguage, matchLocale } from '../../../lib/i18n/languages';

describe('SUPPORTED_LOCALES', () => {
  it('lists the eleven locales with their native names', () => {
    expect(SUPPORTED_LOCALES.map((l) => [l.code, NATIVE_NAMES[l.code]])).toEqual([
      ['ar-SA', 'العربية'],
      ['de-DE', 'Deutsch'],
      ['en-US', 'English'],
      ['es-ES', 'Español'],
      ['fr-FR', 'Français'],
      ['ja-JP', '日本語'],
      ['ko-KR', '한국어'],
      ['pt-BR', 'Português (Brasil)'],
      ['ru-RU', 'Русский'],
      ['zh-CN', '简体中文'],
      ['zh-TW', '繁體中文'],
    ]);
  });

  it('marks only Arabic as right-to-left', () => {
    expect(SUPPORTED_LOCALES.filter((l) => l.dir === 'rtl').map((l) => l.code)).toEqual(['ar-SA']);
  });
});

describe('isSupportedLocale', () => {
  it('accepts exact codes only', () => {
    expect(isSupportedLocale('pt-BR')).toBe(true);
    expect(isSupportedLocale('pt-br')).toBe(false);
    expect(isSupportedLocale('pt')).toBe(false);
    expect(isSupportedLocale('it-IT')).toBe(false);
  });
});

describe('localeOfLanguage', () => {
  it.each([
    ['en-US', 'en-US'],
    ['en_US', 'en-US'],
    ['en-us', 'en-US'],
    ['EN', 'en-US'],
    ['en-GB', 'en-US'],
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['es-MX', 'es-ES'],
    ['fr_CA', 'fr-FR'],
    ['de-AT', 'de-DE'],
    ['ar-EG', 'ar-SA'],
    ['ja', 'ja-JP'],
    ['ko', 'ko-KR'],
    ['ru-RU', 'ru-RU'],
    ['zh', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
    ['zh-SG', 'zh-CN'],
    ['zh-Hans', 'zh-CN'],
    ['zh-Hans-HK', 'zh-CN'],
    ['zh-TW', 'zh-TW'],
    ['zh_TW', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
    ['zh-MO', 'zh-TW'],
    ['zh-Hant', 'zh-TW'],
    ['zh-Hant-CN', 'zh-TW'],
    ['cmn-Hans-CN', 'zh-CN'],
    [' de-DE ', 'de-DE'],
  ])('%s -> %s', (tag, locale) => {
    expect(localeOfLanguage(tag)).toBe(locale);
  });

  it.each(['it-IT', 'yue-HK', 'nl', '', 'x'])('%j has no supported locale', (tag) => {
    expect(localeOfLanguage(tag)).toBeUndefined();
  });
});

describe('matchLocale', () => {
  it('maps browser languages to supported locales', () => {
    expect(matchLocale('pt')).toBe('pt-BR');
    expect(matchLocale('zh-HK')).toBe('zh-TW');
    expect(matchLocale('zh-Hant')).toBe('zh-TW');
    expect(matchLocale('zh')).toBe('zh-CN');
    expect(matchLocale('de-CH')).toBe('de-DE');
  });

  it('falls back to en-US', () => {
    expect(DEFAULT_LOCALE).toBe('en-US');
    expect(matchLocale('it-IT')).toBe('en-US');
    expect(matchLocale('')).toBe('en-US');
    expect(matchLocale(undefined)).toBe('en-US');
    expect(matchLocale([])).toBe('en-US');
  });

  it('takes the first supported entry of a preference list', () => {
    expect(matchLocale(['it-IT', 'nl', 'ja-JP', 'fr-FR'])).toBe('ja-JP');
    expect(matchLocale(['it', 'nl'])).toBe('en-US');
  });
});
