import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus, Trash2 } from 'lucide-react';
import { request } from '../../lib/messaging/client';
import { getPref, setPref, type CustomPrompt } from '../../lib/storage/prefs';
import { Button } from '../ui/Button';
import { IconButton } from '../ui/IconButton';
import { Switch } from '../ui/Switch';
import { showToast } from '../ui/toast';
import './page.css';

type Switch = 'quickActionSendsImmediately' | 'askSendsImmediately';

/** Settings for selected text: whether asking sends at once, and the user's own quick actions. */
export function PageSettings() {
  const { t } = useTranslation();
  const id = useId();
  const [switches, setSwitches] = useState<Record<Switch, boolean>>();
  const [prompts, setPrompts] = useState<CustomPrompt[]>([]);
  const [incomplete, setIncomplete] = useState(false);

  useEffect(() => {
    void Promise.all([getPref('quickActionSendsImmediately'), getPref('askSendsImmediately'), getPref('customPrompts')]).then(
      ([quickActionSendsImmediately, askSendsImmediately, saved]) => {
        setSwitches({ quickActionSendsImmediately, askSendsImmediately });
        setPrompts(saved);
      },
    );
  }, []);

  const flip = (key: Switch, value: boolean) => {
    setSwitches((s) => s && { ...s, [key]: value });
    void setPref(key, value);
  };

  const edit = (index: number, patch: Partial<CustomPrompt>) => {
    setIncomplete(false);
    setPrompts((list) => list.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  };

  const save = async () => {
    // A row left entirely blank is dropped; a half-filled one is a mistake to point out.
    const kept = prompts.filter((p) => p.title.trim() || p.prompt.trim());
    if (kept.some((p) => !p.title.trim() || !p.prompt.trim())) return setIncomplete(true);
    const cleaned = kept.map((p) => ({ ...p, title: p.title.trim(), prompt: p.prompt.trim() }));
    await setPref('customPrompts', cleaned);
    setPrompts(cleaned);
    showToast({ message: t('page.settings.saved'), tone: 'success' });
    // The menu lives in the worker, which may be asleep and miss the storage notice.
    await request('page.refreshMenus', {}).catch(() => undefined);
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
      <h4 id={`${id}-prompts`}>{t('page.settings.customPrompts')}</h4>
      <p className="hint">{t('page.settings.customPromptsHint')}</p>
      <ul className="page-prompts" aria-labelledby={`${id}-prompts`}>
        {prompts.map((p, i) => (
          <li key={p.id} className="page-prompt">
            <label htmlFor={`${id}-${p.id}-title`}>{t('page.settings.promptTitle')}</label>
            <input id={`${id}-${p.id}-title`} value={p.title} onChange={(e) => edit(i, { title: e.target.value })} />
            <label htmlFor={`${id}-${p.id}-prompt`}>{t('page.settings.promptText')}</label>
            <textarea id={`${id}-${p.id}-prompt`} rows={3} value={p.prompt} onChange={(e) => edit(i, { prompt: e.target.value })} />
            <IconButton
              className="page-prompt-remove"
              variant="danger"
              size="sm"
              icon={<Trash2 size={16} />}
              label={p.title.trim() ? t('page.settings.removePrompt', { title: p.title.trim() }) : t('page.settings.removePromptUntitled')}
              onClick={() => {
                setIncomplete(false);
                setPrompts((list) => list.filter((_, j) => j !== i));
              }}
            />
          </li>
        ))}
      </ul>
      <div className="settings-actions">
        <Button
          icon={<Plus size={16} />}
          onClick={() => {
            setIncomplete(false);
            setPrompts((list) => [...list, { id: crypto.randomUUID(), title: '', prompt: '' }]);
          }}
        >
          {t('page.settings.addPrompt')}
        </Button>
        <Button variant="primary" onClick={() => void save()}>
          {t('page.settings.savePrompts')}
        </Button>
      </div>
      {incomplete && (
        <p className="notice notice-error" role="alert">
          {t('page.settings.incomplete')}
        </p>
      )}
    </div>
  );
}
