import { useTranslation } from 'react-i18next';
import { ExternalLink } from 'lucide-react';
import type { ProviderField, ProviderKindInfo } from '../../lib/core/providers';
import { Field, type FieldControlProps } from '../ui/Field';

/**
 * One field of a provider's form, as its kind describes it: headers as JSON, a list of options, or a line (masked for
 * a secret, which is write-only). The first key field links to where the provider hands out keys.
 */
export function ProviderFieldInput({
  field: f,
  info,
  value,
  secretSaved,
  error,
  onChange,
}: {
  field: ProviderField;
  info: ProviderKindInfo;
  /** What is typed; for a secret, only what was typed since it was saved. */
  value: string;
  secretSaved: boolean;
  error?: string;
  onChange(value: string): void;
}) {
  const { t } = useTranslation();
  const secret = f.type === 'secret' || f.type === 'headers';
  const control = (p: FieldControlProps) => {
    const props = { ...p, 'data-field': f.key };
    if (f.type === 'headers') {
      return (
        <textarea
          {...props}
          dir="ltr"
          rows={2}
          placeholder={secretSaved ? t('settings.secretSaved') : '{"X-Header": "value"}'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    }
    if (f.type === 'select') {
      return (
        <select {...props} value={value || f.defaultValue || ''} onChange={(e) => onChange(e.target.value)}>
          {f.options?.map((o) => (
            <option key={o} value={o}>
              {t(`settings.option.${f.key}.${o}`)}
            </option>
          ))}
        </select>
      );
    }
    return (
      <input
        {...props}
        dir="ltr"
        type={secret ? 'password' : f.type === 'url' ? 'url' : 'text'}
        // Said, not enforced: the browser's own check would speak before Parley's messages (the form is noValidate).
        aria-required={(f.required && !f.defaultValue) || undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={secret ? (secretSaved ? t('settings.secretSaved') : '') : f.defaultValue}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  };
  return (
    <div className="provider-field">
      <Field label={t(`settings.field.${f.label}`)} error={error}>
        {control}
      </Field>
      {f.type === 'secret' && f === info.fields.find((x) => x.type === 'secret') && info.keyUrl && (
        <a className="get-key" href={info.keyUrl} target="_blank" rel="noreferrer">
          {t('settings.getKey', { provider: info.displayName })}
          <ExternalLink size={14} aria-hidden />
        </a>
      )}
    </div>
  );
}
