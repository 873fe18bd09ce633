import { useTranslation } from 'react-i18next';
import { inertText } from '../../lib/core/inert-text';
import type { SettingField } from '../../lib/plugins/settings-form';
import { Field } from '../ui/Field';

interface InputProps {
  field: SettingField;
  label: string;
  saved: boolean;
  value: string;
  problem?: string;
  onChange(value: string): void;
}

/** One setting of a plugin's schema: a list for a choice or yes/no, a box for JSON, else a line; a saved secret stays unshown. */
export function PluginSettingInput({ field, label, saved, value, problem, onChange }: InputProps) {
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
