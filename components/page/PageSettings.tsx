import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '@/lib/messaging/client';
import { getPref, setPref, type CustomPrompt } from '@/lib/storage/prefs';
import './page.css';

type Switch = 'quickActionSendsImmediately' | 'askSendsImmediately';

/** Settings for selected text: whether asking sends at once, and the user's own quick actions. */
export function PageSettings() {
  const { t } = useTranslation();
  const id = useId();
  const [switches, setSwitches] = useState<Record<Switch, boolean>>();
  const [prompts, setPrompts] = useState<CustomPrompt[]>([]);
  const [status, setStatus] = useState<'saved' | 'incomplete'>();

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
    setStatus(undefined);
    setPrompts((list) => list.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  };

  const save = async () => {
    // A row left entirely blank is dropped; a half-filled one is a mistake to point out.
    const kept = prompts.filter((p) => p.title.trim() || p.prompt.trim());
    if (kept.some((p) => !p.title.trim() || !p.prompt.trim())) return setStatus('incomplete');
    const cleaned = kept.map((p) => ({ ...p, title: p.title.trim(), prompt: p.prompt.trim() }));
    await setPref('customPrompts', cleaned);
    setPrompts(cleaned);
    setStatus('saved');
    // The menu lives in the worker, which may be asleep and miss the storage notice.
    await request('page.refreshMenus', {}).catch(() => undefined);
  };

  return (
    <section className="page-settings" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('page.settings.title')}</h3>
      {switches && (
        <>
          <label className="field field-inline">
            <input
              type="checkbox"
              checked={switches.quickActionSendsImmediately}
              onChange={(e) => flip('quickActionSendsImmediately', e.target.checked)}
            />
            {t('page.settings.quickActionSendsImmediately')}
          </label>
          <label className="field field-inline">
            <input type="checkbox" checked={switches.askSendsImmediately} onChange={(e) => flip('askSendsImmediately', e.target.checked)} />
            {t('page.settings.askSendsImmediately')}
          </label>
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
            <button
              type="button"
              className="icon-button"
              onClick={() => {
                setStatus(undefined);
                setPrompts((list) => list.filter((_, j) => j !== i));
              }}
            >
              {p.title.trim() ? t('page.settings.removePrompt', { title: p.title.trim() }) : t('page.settings.removePromptUntitled')}
            </button>
          </li>
        ))}
      </ul>
      <div className="row">
        <button
          type="button"
          className="button"
          onClick={() => {
            setStatus(undefined);
            setPrompts((list) => [...list, { id: crypto.randomUUID(), title: '', prompt: '' }]);
          }}
        >
          {t('page.settings.addPrompt')}
        </button>
        <button type="button" className="button button-primary" onClick={() => void save()}>
          {t('page.settings.savePrompts')}
        </button>
      </div>
      {status === 'incomplete' && (
        <p className="notice notice-error" role="alert">
          {t('page.settings.incomplete')}
        </p>
      )}
      {status === 'saved' && (
        <p className="notice notice-ok" role="status">
          {t('page.settings.saved')}
        </p>
      )}
    </section>
  );
}
