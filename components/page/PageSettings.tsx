import { useTranslation } from 'react-i18next';
import { Switch } from '../ui/Switch';
import { useSendPrefs } from './use-send-prefs';

/** Settings for selected text: whether asking and quick actions send at once. The quick actions are the prompt library's. */
export function PageSettings() {
  const { t } = useTranslation();
  const [switches, flip] = useSendPrefs();

  return (
    <div className="page-settings">
      {switches && (
        <>
          <Switch
            label={t('page.settings.quickActionSendsImmediately')}
            checked={switches.quickActionSendsImmediately}
            onChange={(on) => flip('quickActionSendsImmediately', on)}
          />
          <Switch
            label={t('page.settings.askSendsImmediately')}
            checked={switches.askSendsImmediately}
            onChange={(on) => flip('askSendsImmediately', on)}
          />
        </>
      )}
    </div>
  );
}
