import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { kindInfo, type ProviderConfig, type ProviderView } from '@/lib/core/providers';
import { toChatError, type ChatError } from '@/lib/core/errors';
import { request } from '@/lib/messaging/client';
import { ErrorNotice } from '../common/ErrorNotice';
import { useErrorText } from '../common/use-error-text';

interface Props {
  provider: ProviderView | ProviderConfig;
  onSaved(view: ProviderView): void;
  onDelete?(): void;
}

type Status = { kind: 'saved' } | { kind: 'tested'; models: number } | { kind: 'error'; error: ChatError } | undefined;

/** One provider's settings: secrets are write-only here, shown masked once saved. */
export function ProviderForm({ provider, onSaved, onDelete }: Props) {
  const { t } = useTranslation();
  const info = kindInfo(provider.kind);
  const secretsSet = 'secretsSet' in provider ? provider.secretsSet : {};
  const [name, setName] = useState(provider.name);
  const [settings, setSettings] = useState<Record<string, string>>(provider.settings);
  const [secrets, setSecrets] = useState<Record<string, string>>({});
  const [models, setModels] = useState(provider.manualModels.join('\n'));
  const [status, setStatus] = useState<Status>();
  const [busy, setBusy] = useState(false);
  const errorText = useErrorText();
  const idFor = (key: string) => `${provider.id}-${key}`;
  if (!info) return null;
  // A refusal that names a field is shown at that field.
  const fieldError =
    status?.kind === 'error' && info.fields.some((f) => f.label === status.error.field && f.type !== 'headers') ? status.error : undefined;

  const save = async (): Promise<ProviderView | undefined> => {
    setBusy(true);
    try {
      const config: ProviderConfig = {
        id: provider.id,
        kind: provider.kind,
        name: name.trim() || t(`settings.kind.${info.kind}`),
        settings,
        manualModels: models
          .split('\n')
          .map((m) => m.trim())
          .filter(Boolean),
        createdAt: provider.createdAt,
      };
      // A secret field left untouched keeps what is stored; a touched one is sent even if blank, so a blank key is refused.
      const view = await request('providers.save', { config, secrets });
      setSecrets({});
      setStatus({ kind: 'saved' });
      onSaved(view);
      return view;
    } catch (e) {
      setStatus({ kind: 'error', error: toChatError(e) });
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  const test = async () => {
    if (!(await save())) return;
    setBusy(true);
    try {
      const r = await request('providers.test', { id: provider.id });
      setStatus({ kind: 'tested', models: r.models });
    } catch (e) {
      setStatus({ kind: 'error', error: toChatError(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="provider-form"
      aria-label={name || t(`settings.kind.${info.kind}`)}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className="field">
        <label htmlFor={idFor('name')}>{t('settings.field.name')}</label>
        <input id={idFor('name')} value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      {info.fields.map((f) => {
        const id = idFor(f.key);
        const secret = f.type === 'secret' || f.type === 'headers';
        if (f.type === 'headers') {
          return (
            <div className="field" key={f.key}>
              <label htmlFor={id}>{t(`settings.field.${f.label}`)}</label>
              <textarea
                id={id}
                dir="ltr"
                rows={2}
                placeholder={secretsSet[f.key] ? t('settings.secretSaved') : '{"X-Header": "value"}'}
                value={secrets[f.key] ?? ''}
                onChange={(e) => setSecrets({ ...secrets, [f.key]: e.target.value })}
              />
            </div>
          );
        }
        if (f.type === 'select') {
          return (
            <div className="field" key={f.key}>
              <label htmlFor={id}>{t(`settings.field.${f.label}`)}</label>
              <select
                id={id}
                value={settings[f.key] || f.defaultValue || ''}
                onChange={(e) => setSettings({ ...settings, [f.key]: e.target.value })}
              >
                {f.options?.map((o) => (
                  <option key={o} value={o}>
                    {t(`settings.option.${f.key}.${o}`)}
                  </option>
                ))}
              </select>
            </div>
          );
        }
        const invalid = fieldError?.field === f.label;
        return (
          <div className="field" key={f.key}>
            <label htmlFor={id}>{t(`settings.field.${f.label}`)}</label>
            <input
              id={id}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-error` : undefined}
              dir="ltr"
              type={secret ? 'password' : f.type === 'url' ? 'url' : 'text'}
              autoComplete="off"
              spellCheck={false}
              required={f.required && !secret}
              placeholder={secret ? (secretsSet[f.key] ? t('settings.secretSaved') : '') : f.defaultValue}
              value={secret ? (secrets[f.key] ?? '') : (settings[f.key] ?? '')}
              onChange={(e) =>
                secret ? setSecrets({ ...secrets, [f.key]: e.target.value }) : setSettings({ ...settings, [f.key]: e.target.value })
              }
            />
            {invalid && (
              <p id={`${id}-error`} className="field-error" role="alert">
                {errorText(fieldError).hint}
              </p>
            )}
          </div>
        );
      })}
      <div className="field">
        <label htmlFor={idFor('models')}>{t('settings.field.manualModels')}</label>
        <textarea id={idFor('models')} dir="ltr" rows={2} value={models} onChange={(e) => setModels(e.target.value)} />
      </div>
      <div className="row">
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('common.save')}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void test()}>
          {t('settings.testConnection')}
        </button>
        {onDelete && (
          <button type="button" className="button button-danger" disabled={busy} onClick={onDelete}>
            {t('settings.removeProvider')}
          </button>
        )}
      </div>
      <div aria-live="polite">
        {status?.kind === 'saved' && <p className="notice notice-ok">{t('settings.saved')}</p>}
        {status?.kind === 'tested' && <p className="notice notice-ok">{t('settings.testOk', { count: status.models })}</p>}
      </div>
      {status?.kind === 'error' && !fieldError && <ErrorNotice error={status.error} />}
    </form>
  );
}
