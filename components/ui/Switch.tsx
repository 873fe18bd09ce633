import { useId } from 'react';

export interface SwitchProps {
  checked: boolean;
  onChange(checked: boolean): void;
  label: string;
  description?: string;
  disabled?: boolean;
  /** For screen readers only, where what is around the switch already names it. */
  labelHidden?: boolean;
}

/** An on/off setting that takes effect at once. */
export function Switch({ checked, onChange, label, description, disabled, labelHidden }: SwitchProps) {
  const id = useId();
  return (
    <div className="ui-switch-row">
      <span className="ui-switch-text">
        <label htmlFor={id} className={labelHidden ? 'visually-hidden' : undefined}>
          {label}
        </label>
        {description && (
          <small id={`${id}-description`} className="ui-hint">
            {description}
          </small>
        )}
      </span>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={description ? `${id}-description` : undefined}
        disabled={disabled}
        className="ui-switch"
        onClick={() => onChange(!checked)}
      >
        <span className="ui-switch-thumb" />
      </button>
    </div>
  );
}
