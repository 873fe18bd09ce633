import i18next, { type i18n, type Resource, type ResourceLanguage } from 'i18next';

export const FALLBACK_LOCALE = 'en-US';

type Strings = Record<string, unknown>;

/**
 * Every language, English too, loads on demand, so a page carries only the
 * language it shows: the parity tests keep every key in every locale, so no
 * other language is needed as a fallback. Each locale's feature files
 * (`en-US.json`, `en-US.page.json`, …) arrive merged into one module by the
 * build (build/locale-bundles.ts).
 */
const locales = import.meta.glob<Strings>('./locales/[a-z][a-z]-[A-Z][A-Z].json', { query: '?locale-bundle', import: 'default' });

export async function englishStrings(): Promise<Strings> {
  return (await loadLocaleResources(FALLBACK_LOCALE))!.translation as Strings;
}

export async function loadLocaleResources(locale: string): Promise<ResourceLanguage | undefined> {
  const load = locales[`./locales/${locale}.json`];
  return load ? { translation: await load() } : undefined;
}

export async function createI18n(locale: string): Promise<i18n> {
  const instance = i18next.createInstance();
  const own = await loadLocaleResources(locale);
  const resources: Resource = own ? { [locale]: own } : { [FALLBACK_LOCALE]: (await loadLocaleResources(FALLBACK_LOCALE))! };
  await instance.init({
    lng: own ? locale : FALLBACK_LOCALE,
    fallbackLng: FALLBACK_LOCALE,
    resources,
    interpolation: { escapeValue: false },
  });
  return instance;
}

export async function switchLocale(instance: i18n, locale: string): Promise<void> {
  if (!instance.hasResourceBundle(locale, 'translation')) {
    const own = await loadLocaleResources(locale);
    if (own) instance.addResourceBundle(locale, 'translation', own.translation);
  }
  await instance.changeLanguage(locale);
}
