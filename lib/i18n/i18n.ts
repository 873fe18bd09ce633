import i18next, { type i18n, type Resource, type ResourceLanguage } from 'i18next';

export const FALLBACK_LOCALE = 'en-US';

type Strings = Record<string, unknown>;

/**
 * Each locale is split into feature files (`en-US.json`, `en-US.page.json`, …)
 * merged at load time. Every language, English too, loads on demand, so a
 * page carries only the language it shows: the parity tests keep every key in
 * every locale, so no other language is needed as a fallback.
 */
const locales = import.meta.glob<Strings>('./locales/*.json', { import: 'default' });

function localeOf(path: string): string {
  return path.slice('./locales/'.length).split('.')[0]!;
}

export function mergeStrings(parts: Strings[]): Strings {
  const out: Strings = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      const prev = out[key];
      out[key] =
        prev && typeof prev === 'object' && value && typeof value === 'object' ? mergeStrings([prev as Strings, value as Strings]) : value;
    }
  }
  return out;
}

export async function englishStrings(): Promise<Strings> {
  return (await loadLocaleResources(FALLBACK_LOCALE))!.translation as Strings;
}

export async function loadLocaleResources(locale: string): Promise<ResourceLanguage | undefined> {
  const loaders = Object.entries(locales).filter(([path]) => localeOf(path) === locale);
  if (!loaders.length) return undefined;
  return { translation: mergeStrings(await Promise.all(loaders.map(([, load]) => load()))) };
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
