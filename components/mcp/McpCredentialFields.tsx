import { useTranslation } from 'react-i18next';
import { Field } from '../ui/Field';

export interface Credentials {
  token: string;
  headers: string;
}

/** The optional bearer token and custom headers of an MCP server; saved values are never shown back. */
export function McpCredentialFields({
  value,
  onChange,
  saved,
}: {
  value: Credentials;
  onChange(next: Credentials): void;
  saved?: { token: boolean; headers: boolean };
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t('mcp.token')}>
        {(p) => (
          <input
            {...p}
            type="password"
            dir="ltr"
            autoComplete="off"
            value={value.token}
            placeholder={saved?.token ? t('mcp.savedPlaceholder') : undefined}
            onChange={(e) => onChange({ ...value, token: e.target.value })}
          />
        )}
      </Field>
      <Field label={t('mcp.headers')} hint={t('mcp.headersHint')}>
        {(p) => (
          <textarea
            {...p}
            dir="ltr"
            rows={2}
            spellCheck={false}
            value={value.headers}
            placeholder={saved?.headers ? t('mcp.savedPlaceholder') : '{"X-Header": "value"}'}
            onChange={(e) => onChange({ ...value, headers: e.target.value })}
          />
        )}
      </Field>
    </>
  );
}
