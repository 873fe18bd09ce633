import { useId } from 'react';
import { useTranslation } from 'react-i18next';

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
  const hint = useId();
  return (
    <>
      <label className="field">
        <span>{t('mcp.token')}</span>
        <input
          type="password"
          dir="ltr"
          autoComplete="off"
          value={value.token}
          placeholder={saved?.token ? t('mcp.savedPlaceholder') : undefined}
          onChange={(e) => onChange({ ...value, token: e.target.value })}
        />
      </label>
      <label className="field">
        <span>{t('mcp.headers')}</span>
        <textarea
          dir="ltr"
          rows={2}
          spellCheck={false}
          value={value.headers}
          placeholder={saved?.headers ? t('mcp.savedPlaceholder') : '{"X-Header": "value"}'}
          aria-describedby={hint}
          onChange={(e) => onChange({ ...value, headers: e.target.value })}
        />
      </label>
      <p id={hint} className="plugin-hint">
        {t('mcp.headersHint')}
      </p>
    </>
  );
}
