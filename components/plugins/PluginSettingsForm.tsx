import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toChatError, type ChatError } from '../../lib/core/errors';
import { inertText } from '../../lib/core/inert-text';
import { request } from '../../lib/messaging/client';
import type { PluginView } from '../../lib/messaging/plugin-protocol';
import { meetsSettingRules, parseSettingInput, settingFields, type SettingField } from '../../lib/plugins/settings-form';
import { ErrorNotice } from '../common/ErrorNotice';
import { Button } from '../ui/Button';
import { Field } from '../ui/Field';
import { showToast } from '../ui/toast';
import { usePluginsStore } from './plugins-store';

/** A saved value as the field shows it: numbers and choices as typed, objects as JSON. */
function asText(field: SettingField, value: unknown): string {
  if (value === undefined) return '';
  if (field.kind === 'json') return JSON.stringify(value);
  return String(value);
}

/** The answer to a save, shown at once rather than after the change broadcast comes back. */
function showView(view: PluginView) {
  usePluginsStore.setState((s) => ({ views: s.views.map((v) => (v.identifier === view.identifier ? view : v)) }));
}

/**
 * The form a plugin's settings schema describes. Secret values go to the vault
 * and never come back: a saved secret shows as saved, and typing replaces it.
 * Every other value shows as saved, to be read and edited.
 */
export function PluginSettingsForm({ view, title, onSaved }: { view: PluginView; title: string; onSaved?(): void }) {
  const { t } = useTranslation();
  const fields = settingFields(view.manifest.settings);
  const shown = (field: SettingField) => (field.secret ? '' : asText(field, view.settingValues[field.key]));
  const [typed, setTyped] = useState<Record<string, string>>(() => Object.fromEntries(fields.map((f) => [f.key, shown(f)])));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [error, setError] = useState<ChatError>();
  const [busy, setBusy] = useState(false);
  if (!fields.length) return null;

  const label = (field: SettingField) => inertText(field.title ?? field.key);

  const collect = (): Record<string, unknown> | undefined => {
    const values: Record<string, unknown> = {};
    const found: Record<string, string> = {};
    const problem = (field: SettingField, text: string) => {
      found[field.key] = t('plugins.settings.fieldProblem', { field: label(field), problem: text });
    };
    for (const field of fields) {
      const input = typed[field.key] ?? '';
      if (input === shown(field) && !field.secret && input !== '') continue;
      if (input === '') {
        if (field.required && !view.settingsSet[field.key] && field.defaultValue === undefined)
          problem(field, t('plugins.settings.missing'));
        continue;
      }
      const parsed = parseSettingInput(field, input);
      if (!parsed.ok) problem(field, t(`plugins.settings.problem.${parsed.problem}`));
      else if (!meetsSettingRules(view.manifest.settings!, field.key, parsed.value)) problem(field, t('plugins.settings.problem.rule'));
      else values[field.key] = parsed.value;
    }
    setProblems(found);
    return Object.keys(found).length ? undefined : values;
  };

  const send = async (values: Record<string, unknown>, clear: boolean) => {
    setBusy(true);
    setError(undefined);
    try {
      showView(await request('plugins.saveSettings', { identifier: view.identifier, values, clear }));
      showToast({ message: t(clear ? 'plugins.settings.cleared' : 'plugins.settings.saved'), tone: 'success' });
      onSaved?.();
    } catch (e) {
      setError(toChatError(e));
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
          field={field}
          label={label(field)}
          saved={!!view.settingsSet[field.key]}
          value={typed[field.key] ?? ''}
          problem={problems[field.key]}
          onChange={(value) => setTyped({ ...typed, [field.key]: value })}
        />
      ))}
      {error && <ErrorNotice error={error} />}
      <div className="plugin-settings-actions">
        {Object.keys(view.settingsSet).length > 0 && (
          <Button variant="ghost" disabled={busy} onClick={() => void send({}, true)}>
            {t('plugins.settings.clear')}
          </Button>
        )}
        <Button type="submit" variant="primary" disabled={busy}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}

interface InputProps {
  field: SettingField;
  label: string;
  saved: boolean;
  value: string;
  problem?: string;
  onChange(value: string): void;
}

function SettingInput({ field, label, saved, value, problem, onChange }: InputProps) {
  const { t } = useTranslation();
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
  const savedSecret = saved && field.secret;

  return (
    <Field
      label={field.required ? `${label} (${t('plugins.settings.required')})` : label}
      hint={field.description ? inertText(field.description) : undefined}
      error={problem}
    >
      {(p) =>
        choices ? (
          <select {...p} aria-required={field.required || undefined} value={value} onChange={(e) => onChange(e.target.value)}>
            <option value="">{emptyChoice}</option>
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        ) : field.kind === 'json' ? (
          <textarea
            {...p}
            aria-required={field.required || undefined}
            dir="ltr"
            rows={2}
            value={value}
            placeholder={savedSecret ? t('settings.secretSaved') : undefined}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : (
          <input
            {...p}
            aria-required={field.required || undefined}
            dir="ltr"
            // Only secrets are masked; they come back from the vault as "saved", never in clear.
            type={field.secret ? 'password' : 'text'}
            inputMode={field.kind === 'string' ? undefined : 'decimal'}
            autoComplete="off"
            spellCheck={false}
            placeholder={
              savedSecret ? t('settings.secretSaved') : field.defaultValue !== undefined ? String(field.defaultValue) : undefined
            }
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        )
      }
    </Field>
  );
}
