import type { ReactNode } from 'react';
import { Field } from '../ui/Field';

/** The address of a plugin or an MCP server, typed left to right, with the button that acts on it beside it. */
export function AddressField({
  label,
  value,
  placeholder,
  onChange,
  children,
}: {
  label: string;
  value: string;
  placeholder?: string;
  onChange(value: string): void;
  children?: ReactNode;
}) {
  return (
    <Field label={label}>
      {(p) => (
        <div className="plugin-install-row">
          <input
            {...p}
            type="url"
            dir="ltr"
            className="plugin-source"
            placeholder={placeholder}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
          {children}
        </div>
      )}
    </Field>
  );
}
