import { useEffect, useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/i18n/formats';
import { Field } from '../ui/Field';

/** A text field that saves when left, so a half-typed URL is never stored (nor "corrected" while typed). */
export function CommitInput({
  value,
  onCommit,
  ...rest
}: { value: string; onCommit(value: string): void } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <input
      {...rest}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => text !== value && onCommit(text.trim())}
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.currentTarget.blur();
      }}
    />
  );
}

/** A labelled address that saves when left, written left to right in every language. */
export function UrlField({ label, value, hint, onCommit }: { label: string; value: string; hint?: string; onCommit(value: string): void }) {
  return (
    <Field label={label} hint={hint}>
      {(p) => <CommitInput {...p} type="url" dir="ltr" spellCheck={false} value={value} onCommit={onCommit} />}
    </Field>
  );
}

/** A slider whose value is shown, and announced, as a percentage. */
export function PercentRange({
  id,
  range,
  value,
  disabled,
  onChange,
  ...described
}: {
  id: string;
  'aria-describedby'?: string;
  range: { min: number; max: number; step: number };
  value: number;
  disabled?: boolean;
  onChange(value: number): void;
}) {
  const { i18n } = useTranslation();
  const text = formatNumber(i18n, value, { style: 'percent' });
  return (
    <span className="speech-range">
      <input
        id={id}
        {...described}
        type="range"
        min={range.min}
        max={range.max}
        step={range.step}
        value={value}
        disabled={disabled}
        aria-valuetext={text}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      <output htmlFor={id}>{text}</output>
    </span>
  );
}

/** A labelled list of values shown as they are: model names and audio formats, the same in every language. */
export function ValueField<T extends string>({
  label,
  value,
  values,
  hint,
  onChange,
}: {
  label: string;
  value: T;
  values: readonly T[];
  hint?: string;
  onChange(value: T): void;
}) {
  return (
    <Field label={label} hint={hint}>
      {(p) => (
        <select {...p} value={value} onChange={(e) => onChange(e.target.value as T)}>
          {values.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A key typed in and saved on demand; a saved key is never shown back, only said to be there. */
export function KeyField({
  label,
  keySet,
  typed,
  onType,
  onSave,
}: {
  label: string;
  keySet: boolean;
  typed?: string;
  onType(value: string): void;
  onSave(): void;
}) {
  const { t } = useTranslation();
  return (
    <Field label={label}>
      {(p) => (
        <span className="speech-key-row">
          <input
            {...p}
            type="password"
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            placeholder={keySet ? t('settings.secretSaved') : ''}
            value={typed ?? ''}
            onChange={(e) => onType(e.target.value)}
          />
          <button type="button" className="button" disabled={typed === undefined} onClick={onSave}>
            {t('speech.settings.saveKey')}
          </button>
        </span>
      )}
    </Field>
  );
}
