import { describe, expect, it } from 'vitest';
import { createI18n, switchLocale, wantLateStrings } from '../../../lib/i18n/i18n';
import { SUPPORTED_LOCALES } from '../../../lib/i18n/languages';

describe('loading a locale', () => {
  it.each(SUPPORTED_LOCALES.map((l) => l.code))('%s loads its own strings, merged from every section file', async (locale) => {
    const i18n = await createI18n(locale);
    expect(i18n.language).toBe(locale);
    const english = await createI18n('en-US');
    // Keys from two section files.
    for (const key of ['nav.settings', 'reader.readPage']) {
      const text = i18n.t(key);
      expect(text).not.toBe(key);
      if (locale !== 'en-US') expect(text).not.toBe(english.t(key));
    }
  });

  it('picks Arabic’s six plural forms and writes numbers the Arabic way', async () => {
    // A history string, which is in the late sections.
    await wantLateStrings();
    const i18n = await createI18n('ar-SA');
    const forms = [0, 1, 2, 3, 11, 100].map((count) => i18n.t('history.imported', { count }));
    expect(new Set(forms).size).toBe(6);
    expect(forms[3]).toContain(new Intl.NumberFormat('ar-SA').format(3));
    expect(forms[5]).toContain(new Intl.NumberFormat('ar-SA').format(100));
  });

  it('picks Russian’s one, few and many forms', async () => {
    const i18n = await createI18n('ru-RU');
    expect(i18n.t('settings.testOk', { count: 21 })).toBe('Подключено: доступна 21 модель.');
    expect(i18n.t('settings.testOk', { count: 3 })).toBe('Подключено: доступны 3 модели.');
    // Russian groups thousands with a no-break space.
    expect(i18n.t('settings.testOk', { count: 1000 })).toBe(`Подключено: доступно ${new Intl.NumberFormat('ru-RU').format(1000)} моделей.`);
  });

  it('switches language at run time', async () => {
    const i18n = await createI18n('en-US');
    await switchLocale(i18n, 'ja-JP');
    expect(i18n.language).toBe('ja-JP');
    expect(i18n.t('nav.settings')).toBe('設定');
  });
});
