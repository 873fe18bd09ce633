import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toChatError, type ChatError } from '../../lib/core/errors';
import { inertText } from '../../lib/core/inert-text';
import { request } from '../../lib/messaging/client';
import type { PluginView } from '../../lib/messaging/plugin-protocol';
import { meetsSettingRules, parseSettingInput, settingFields, type SettingField } from '../../lib/plugins/settings-form';
import { ErrorNotice } from '../common/ErrorNotice';
import { Button } from '../ui/Button';
import { showToast } from '../ui/toast';
import { PluginSettingInput } from './PluginSettingInput';
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
        <PluginSettingInput
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
