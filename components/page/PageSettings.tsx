import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getPref, setPref } from '../../lib/storage/prefs';
import { Switch } from '../ui/Switch';

type Switch = 'quickActionSendsImmediately' | 'askSendsImmediately';

/** Settings for selected text: whether asking and quick actions send at once. The quick actions are the prompt library's. */
export function PageSettings() {
  const { t } = useTranslation();
  const [switches, setSwitches] = useState<Record<Switch, boolean>>();

  useEffect(() => {
    void Promise.all([getPref('quickActionSendsImmediately'), getPref('askSendsImmediately')]).then(
      ([quickActionSendsImmediately, askSendsImmediately]) => setSwitches({ quickActionSendsImmediately, askSendsImmediately }),
    );
  }, []);

  const flip = (key: Switch, value: boolean) => {
    setSwitches((s) => s && { ...s, [key]: value });
    void setPref(key, value);
  };

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
