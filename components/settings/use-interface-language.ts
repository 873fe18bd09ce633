import { useTranslation } from 'react-i18next';
import { switchLocale } from '../../lib/i18n/i18n';
import { setPref } from '../../lib/storage/prefs';

/** The interface language and a way to change it, for this page at once and for every page from now on. */
export function useInterfaceLanguage(): [string, (locale: string) => Promise<void>] {
  const { i18n } = useTranslation();
  const change = async (locale: string) => {
    await switchLocale(i18n, locale);
    await setPref('locale', locale);
  };
  return [i18n.language, change];
}
