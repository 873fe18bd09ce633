import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlugZap } from 'lucide-react';
import { request } from '../../lib/messaging/client';
import { inertText } from '../../lib/core/inert-text';
import { ErrorNotice } from '../common/ErrorNotice';
import { useBusyRun } from '../common/use-busy-run';
import { Button } from '../ui/Button';
import { showToast } from '../ui/toast';
import { AddressField } from '../plugins/AddressField';
import { McpApproval } from './McpApproval';
import { McpCredentialFields, type Credentials } from './McpCredentialFields';
import { McpServerCard } from './McpServerCard';
import { startMcpStore, useMcpStore } from './mcp-store';
import '../plugins/plugins.css';
import './mcp.css';

const EMPTY: Credentials = { token: '', headers: '' };

/**
 * Settings › Plugins › MCP servers: adding a remote server by its address (after approving the origin Parley will
 * contact), with an optional token or headers, and the servers added so far with their tools.
 */
export function McpSettings() {
  const { t } = useTranslation();
  const id = useId();
  const { views, error: listError } = useMcpStore();
  const [url, setUrl] = useState('');
  const [credentials, setCredentials] = useState<Credentials>(EMPTY);
  const [preview, setPreview] = useState<{ url: string; origin: string }>();
  const { busy, error, run } = useBusyRun();

  useEffect(startMcpStore, []);

  const lookUp = () => run(async () => setPreview(await request('mcp.preview', { url })));

  // What the user typed stays in the form until the server is added, so a failure loses nothing.
  const add = (approved: { url: string; origin: string }) =>
    run(async () => {
      setPreview(undefined);
      const view = await request('mcp.add', {
        ...approved,
        ...(credentials.token.trim() ? { token: credentials.token.trim() } : {}),
        ...(credentials.headers.trim() ? { headers: credentials.headers.trim() } : {}),
      });
      setUrl('');
      setCredentials(EMPTY);
      const name = inertText(view.name);
      const signInNeeded = view.oauth && !view.signedIn;
      showToast({ message: signInNeeded ? t('mcpOAuth.addedToast', { name }) : t('mcp.addedToast', { name }), tone: 'success' });
    });

  return (
    <section className="plugins mcp" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('mcp.title')}</h3>
      <p className="plugin-hint">{t('mcp.intro')}</p>
      <form
        className="plugin-install mcp-add"
        onSubmit={(e) => {
          e.preventDefault();
          if (url.trim()) void lookUp();
        }}
      >
        <AddressField
          label={t('mcp.url')}
          placeholder="https://…/mcp"
          value={url}
          onChange={(typed) => {
            setUrl(typed);
            setPreview(undefined);
          }}
        />
        <McpCredentialFields value={credentials} onChange={setCredentials} />
        <div>
          <Button type="submit" variant="secondary" icon={<PlugZap size={16} />} disabled={busy || !url.trim()}>
            {t('mcp.connect')}
          </Button>
        </div>
      </form>
      {error && <ErrorNotice error={error} />}
      {preview && <McpApproval {...preview} busy={busy} onApprove={() => void add(preview)} onCancel={() => setPreview(undefined)} />}
      <h4>{t('mcp.listHeading')}</h4>
      {listError && <ErrorNotice error={listError} />}
      {views.length ? (
        <ul className="plugin-list">
          {views.map((view) => (
            <McpServerCard key={view.id} view={view} />
          ))}
        </ul>
      ) : (
        <p className="plugin-hint">{t('mcp.none')}</p>
      )}
    </section>
  );
}
