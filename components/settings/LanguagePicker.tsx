import { useTranslation } from 'react-i18next';
import { NATIVE_NAMES } from '../../lib/i18n/native-names';
import { SUPPORTED_LOCALES } from '../../lib/i18n/languages';
import { switchLocale } from '../../lib/i18n/i18n';
import { setPref } from '../../lib/storage/prefs';

export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  return (
    <div className="field field-inline">
      <label htmlFor="language-picker">{t('settings.language')}</label>
      <select
        id="language-picker"
        value={i18n.language}
        onChange={async (e) => {
          await switchLocale(i18n, e.target.value);
          await setPref('locale', e.target.value);
        }}
      >
        <LocaleOptions />
      </select>
    </div>
  );
}

/** One option per supported locale, each named in its own language. */
export function LocaleOptions() {
  return SUPPORTED_LOCALES.map((l) => (
    <option key={l.code} value={l.code} lang={l.code}>
      {NATIVE_NAMES[l.code]}
    </option>
  ));
}
