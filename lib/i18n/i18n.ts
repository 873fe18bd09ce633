import i18next, { type i18n, type Resource } from 'i18next';
import { LATE_SECTIONS } from './sections';

export const FALLBACK_LOCALE = 'en-US';

type Strings = Record<string, unknown>;

/**
 * Every language, English too, loads on demand, so a page carries only the
 * language it shows: the parity tests keep every key in every locale, so no
 * other language is needed as a fallback. Each locale's section files
 * (`en-US/chat.json`, `en-US/page.json`, …) arrive merged by the build
 * (build/locale-bundles.ts) into two modules: the sections a page may show
 * from the start, and the late ones (lib/i18n/sections.ts), which load once a
 * part that shows them asks (wantLateStrings). Each locale is named by its
 * `common.json`, which the build serves as the whole folder.
 */
const locales = import.meta.glob<Strings>('./*/common.json', { base: './locales', query: '?locale-bundle', import: 'default' });
const lateLocales = import.meta.glob<Strings>('./*/common.json', { base: './locales', query: '?locale-bundle-late', import: 'default' });
const bundleOf = (locale: string) => `./${locale}/common.json`;

/** Every English string, the late sections too. */
export async function englishStrings(): Promise<Strings> {
  const [first, late] = await Promise.all([loadLocaleResources(FALLBACK_LOCALE), lateLocales[bundleOf(FALLBACK_LOCALE)]!()]);
  return { ...first!.translation, ...late };
}

export async function loadLocaleResources(locale: string): Promise<{ translation: Strings } | undefined> {
  const load = locales[bundleOf(locale)];
  return load ? { translation: await load() } : undefined;
}

/** Whether a part of the page has asked for the late sections: from then on, every language gets them too. */
let lateWanted = false;
/** The page's instance: a page has one, and each unit test makes its own. */
let current: i18n | undefined;

async function addLateStrings(instance: i18n, locale: string): Promise<void> {
  const load = lateLocales[bundleOf(locale)];
  // Each part loaded on demand asks again; the parity tests put every section in every language.
  if (!load || instance.getResource(locale, 'translation', LATE_SECTIONS[0]!) !== undefined) return;
  // The sections are not in the first bundle, so adding cannot overwrite a string.
  instance.addResourceBundle(locale, 'translation', await load(), true);
}

/** Adds the late sections to every language the page has, and to each it loads later; resolves once they are in. */
export async function wantLateStrings(): Promise<void> {
  lateWanted = true;
  const instance = current;
  if (instance) await Promise.all(Object.keys(instance.store.data).map((locale) => addLateStrings(instance, locale)));
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
  current = instance;
  if (lateWanted) await addLateStrings(instance, instance.language);
  return instance;
}

export async function switchLocale(instance: i18n, locale: string): Promise<void> {
  if (!instance.hasResourceBundle(locale, 'translation')) {
    const own = await loadLocaleResources(locale);
    if (own) instance.addResourceBundle(locale, 'translation', own.translation);
    if (own && lateWanted) await addLateStrings(instance, locale);
  }
  await instance.changeLanguage(locale);
}
