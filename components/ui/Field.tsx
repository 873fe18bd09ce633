import { useId, type ReactNode } from 'react';

export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

/**
 * A labelled form field with its hint and, inline beneath it, its validation error. `inline` puts a short control
 * beside its label instead of under it.
 */
export function Field({
  label,
  hint,
  error,
  inline,
  id: fixedId,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error?: string;
  inline?: boolean;
  /** A control's id that outside code looks it up by; otherwise one of its own. */
  id?: string;
  children(props: FieldControlProps): ReactNode;
}) {
  const ownId = useId();
  const id = fixedId ?? ownId;
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className={`ui-field${inline ? ' ui-field-inline' : ''}${error ? ' ui-field-invalid' : ''}`}>
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

/** A validation error about a group of fields, announced as it appears. */
export function FieldError({ children }: { children: ReactNode }) {
  return (
    <p className="ui-field-error" role="alert">
      {children}
    </p>
  );
}

/** A checkbox or radio button followed by its name, the whole row a click target. */
export function CheckField({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <label className="ui-check">
      {children}
      {label}
    </label>
  );
}
