import { useTranslation } from 'react-i18next';
import { NATIVE_NAMES } from '../../lib/i18n/native-names';
import { SUPPORTED_LOCALES } from '../../lib/i18n/languages';
import { Field } from '../ui/Field';
import { useInterfaceLanguage } from './use-interface-language';

export function LanguagePicker() {
  const { t } = useTranslation();
  const [language, setLanguage] = useInterfaceLanguage();
  return (
    <Field id="language-picker" label={t('settings.language')} inline>
      {(p) => (
        <select {...p} value={language} onChange={(e) => void setLanguage(e.target.value)}>
          <LocaleOptions />
        </select>
      )}
    </Field>
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
