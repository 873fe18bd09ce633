import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import type { TFunction } from 'i18next';
import { createI18n } from '../../lib/i18n/i18n';
import { SUPPORTED_LOCALES, matchLocale } from '../../lib/i18n/languages';
import { getPref } from '../../lib/storage/prefs';

function applyDirection(locale: string) {
  const dir = SUPPORTED_LOCALES.find((l) => l.code === locale)?.dir ?? 'ltr';
  document.documentElement.lang = locale;
  document.documentElement.dir = dir;
}

/**
 * Mounts an extension page with its language set first, so the first paint is already in the user's language.
 * `stored` is the chosen language when the page has already read it; `ready` is anything else the first paint
 * should show, awaited alongside the language.
 */
export async function mountLocalised(
  root: HTMLElement,
  title: (t: TFunction) => string,
  render: () => ReactNode,
  stored: Promise<string | undefined> = getPref('locale'),
  ready?: Promise<unknown>,
): Promise<void> {
  const [i18n] = await Promise.all([createI18n((await stored) ?? matchLocale(navigator.language)), ready]);
  applyDirection(i18n.language);
  i18n.on('languageChanged', applyDirection);
  document.title = title(i18n.t);
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>{render()}</I18nextProvider>
    </StrictMode>,
  );
}
