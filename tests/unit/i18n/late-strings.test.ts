import { describe, expect, it, vi } from 'vitest';

type I18nModule = typeof import('../../../lib/i18n/i18n');

/** A fresh copy of the module, so that no earlier test has asked for the late sections yet. */
async function freshI18n(): Promise<I18nModule> {
  vi.resetModules();
  return import('../../../lib/i18n/i18n');
}

describe('the late sections of the strings', () => {
  it('stay out of a page until a part that shows them asks for them, and are in once that request resolves', async () => {
    const { createI18n, wantLateStrings } = await freshI18n();
    const i18n = await createI18n('de-DE');
    expect(i18n.t('nav.settings')).toBe('Einstellungen');
    expect(i18n.exists('history.title')).toBe(false);
    // As a view loaded on demand asks for them (components/common/on-demand.tsx).
    await wantLateStrings();
    expect(i18n.exists('history.title')).toBe(true);
    expect(i18n.t('history.title')).toBe('Unterhaltungen');
  });

  it('come with every language loaded before or after they were asked for', async () => {
    const { createI18n, switchLocale, wantLateStrings } = await freshI18n();
    const i18n = await createI18n('en-US');
    await switchLocale(i18n, 'de-DE');
    await wantLateStrings();
    await switchLocale(i18n, 'ja-JP');
    for (const locale of ['ja-JP', 'de-DE', 'en-US']) {
      await switchLocale(i18n, locale);
      expect(i18n.exists('plugins.title'), locale).toBe(true);
    }
    expect(i18n.exists('mcp.title')).toBe(true);
    // An instance made later, as each test makes its own, has them from the start.
    expect((await createI18n('ko-KR')).exists('history.title')).toBe(true);
  });
});
