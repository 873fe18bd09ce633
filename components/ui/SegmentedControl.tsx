import { useId, type ReactNode } from 'react';

export interface SegmentOption<T extends string> {
  value: T;
  label: string;
  icon?: ReactNode;
}

/** One choice among a few, all visible; native radios give arrow-key movement and form semantics for free. */
export function SegmentedControl<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: SegmentOption<T>[];
  value: T;
  onChange(value: T): void;
}) {
  const name = useId();
  return (
    <fieldset className="ui-segmented">
      <legend>{label}</legend>
      <div className="ui-segmented-options">
        {options.map((option) => (
          <label key={option.value} className="ui-segment">
            <input type="radio" name={name} value={option.value} checked={option.value === value} onChange={() => onChange(option.value)} />
            {option.icon}
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
