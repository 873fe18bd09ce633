import { useId, type ReactNode } from 'react';

export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

/** A labelled form field with its hint and, inline beneath it, its validation error. */
export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error?: string;
  children(props: FieldControlProps): ReactNode;
}) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className={`ui-field${error ? ' ui-field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, ...(described ? { 'aria-describedby': described } : {}), ...(error ? { 'aria-invalid': true as const } : {}) })}
      {hint && (
        <small id={`${id}-hint`} className="ui-hint">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${id}-error`} className="ui-field-error">
          {error}
        </small>
      )}
    </div>
  );
}
