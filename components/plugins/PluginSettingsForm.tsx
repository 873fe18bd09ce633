import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toChatError, type ChatError } from '@/lib/core/errors';
import { inertText } from '@/lib/core/inert-text';
import { request } from '@/lib/messaging/client';
import type { PluginView } from '@/lib/messaging/plugin-protocol';
import { parseSettingInput, settingFields, type SettingField } from '@/lib/plugins/settings-form';
import { ErrorNotice } from '../common/ErrorNotice';

type Status = { kind: 'saved' } | { kind: 'cleared' } | { kind: 'error'; error: ChatError } | undefined;

/**
 * The form a plugin's settings schema describes. Values go to the vault and
 * never come back: a saved field shows as saved, and typing replaces it.
 */
export function PluginSettingsForm({ view, title }: { view: PluginView; title: string }) {
  const { t } = useTranslation();
  const id = useId();
  const fields = settingFields(view.manifest.settings);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>();
  const [busy, setBusy] = useState(false);
  if (!fields.length) return null;

  const fieldId = (key: string) => `${id}-${key}`;

  const collect = (): Record<string, unknown> | undefined => {
    const values: Record<string, unknown> = {};
    const found: Record<string, string> = {};
    for (const field of fields) {
      const input = typed[field.key] ?? '';
      if (input === '') {
        if (field.required && !view.settingsSet[field.key] && field.defaultValue === undefined)
          found[field.key] = t('plugins.settings.missing');
        continue;
      }
      const parsed = parseSettingInput(field, input);
      if (parsed.ok) values[field.key] = parsed.value;
      else found[field.key] = t(`plugins.settings.problem.${parsed.problem}`);
    }
    setProblems(found);
    return Object.keys(found).length ? undefined : values;
  };

  const send = async (values: Record<string, unknown>, clear: boolean) => {
    setBusy(true);
    try {
      await request('plugins.saveSettings', { identifier: view.identifier, values, clear });
      setTyped({});
      setStatus({ kind: clear ? 'cleared' : 'saved' });
    } catch (e) {
      setStatus({ kind: 'error', error: toChatError(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="plugin-settings"
      aria-label={t('plugins.settings.formName', { plugin: title })}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const values = collect();
        if (values) void send(values, false);
      }}
    >
      {fields.map((field) => (
        <SettingInput
          key={field.key}
          id={fieldId(field.key)}
          field={field}
          saved={!!view.settingsSet[field.key]}
          value={typed[field.key] ?? ''}
          problem={problems[field.key]}
          onChange={(value) => setTyped({ ...typed, [field.key]: value })}
        />
      ))}
      <div className="row">
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('common.save')}
        </button>
        {Object.keys(view.settingsSet).length > 0 && (
          <button type="button" className="button" disabled={busy} onClick={() => void send({}, true)}>
            {t('plugins.settings.clear')}
          </button>
        )}
      </div>
      <div aria-live="polite">
        {status?.kind === 'saved' && <p className="notice notice-ok">{t('plugins.settings.saved')}</p>}
        {status?.kind === 'cleared' && <p className="notice notice-ok">{t('plugins.settings.cleared')}</p>}
      </div>
      {status?.kind === 'error' && <ErrorNotice error={status.error} />}
    </form>
  );
}

interface InputProps {
  id: string;
  field: SettingField;
  saved: boolean;
  value: string;
  problem?: string;
  onChange(value: string): void;
}

function SettingInput({ id, field, saved, value, problem, onChange }: InputProps) {
  const { t } = useTranslation();
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  const described = [field.description ? hintId : '', problem ? problemId : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    'aria-describedby': described,
    'aria-invalid': problem ? true : undefined,
    'aria-required': field.required || undefined,
  };
  const emptyChoice = saved ? t('plugins.settings.keepSaved') : t('plugins.settings.notSet');
  const choices: { value: string; label: string }[] | undefined =
    field.kind === 'boolean'
      ? [
          { value: 'true', label: t('plugins.settings.yes') },
          { value: 'false', label: t('plugins.settings.no') },
        ]
      : field.kind === 'enum'
        ? (field.options ?? []).map((option) => ({ value: String(option), label: inertText(String(option)) }))
        : undefined;

  return (
    <div className="field">
      <label htmlFor={id}>
        {inertText(field.title ?? field.key)}
        {field.required && <span className="plugin-required"> ({t('plugins.settings.required')})</span>}
      </label>
      {choices ? (
        <select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{emptyChoice}</option>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      ) : field.kind === 'json' ? (
        <textarea
          {...common}
          dir="ltr"
          rows={2}
          value={value}
          placeholder={saved ? t('settings.secretSaved') : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input
          {...common}
          dir="ltr"
          // Settings are often keys, and all of them are kept sealed: none is ever shown in clear.
          type={field.kind === 'string' ? 'password' : 'text'}
          inputMode={field.kind === 'string' ? undefined : 'decimal'}
          autoComplete="off"
          spellCheck={false}
          placeholder={saved ? t('settings.secretSaved') : field.defaultValue !== undefined ? String(field.defaultValue) : undefined}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {field.description && (
        <small id={hintId} className="plugin-hint">
          {inertText(field.description)}
        </small>
      )}
      {problem && (
        <small id={problemId} className="field-error">
          {problem}
        </small>
      )}
    </div>
  );
}
