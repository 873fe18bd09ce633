import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/messaging/client';
import type { McpServerView } from '../../lib/messaging/mcp-protocol';
import { ErrorNotice } from '../common/ErrorNotice';
import { useBusyRun } from '../common/use-busy-run';
import { AddressField } from '../plugins/AddressField';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { McpApproval } from './McpApproval';
import { McpCredentialFields, type Credentials } from './McpCredentialFields';

/**
 * The server's address, token and headers. New values replace the saved ones once the server answers with them; a
 * field left empty keeps its value, "Forget" removes both. An address at another origin is approved first, as adding is.
 */
export function McpServerSettings({ view, name, onClose }: { view: McpServerView; name: string; onClose(): void }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(view.url);
  const [value, setValue] = useState<Credentials>({ token: '', headers: '' });
  const [approval, setApproval] = useState<{ url: string; origin: string }>();
  const { busy, error, run } = useBusyRun();

  const apply = (target: { url: string; origin: string }, credentials: { token?: string; headers?: string }) =>
    run(async () => {
      setApproval(undefined);
      await request('mcp.update', { id: view.id, ...target, ...credentials });
      onClose();
    });

  const typed = () => ({
    ...(value.token.trim() ? { token: value.token.trim() } : {}),
    ...(value.headers.trim() ? { headers: value.headers.trim() } : {}),
  });

  const save = (credentials: { token?: string; headers?: string }) =>
    run(async () => {
      const target = await request('mcp.preview', { url });
      if (target.origin !== view.origin) setApproval(target);
      else await apply(target, credentials);
    });

  if (approval) {
    return (
      <McpApproval {...approval} busy={busy} onApprove={() => void apply(approval, typed())} onCancel={() => setApproval(undefined)} />
    );
  }
  return (
    <Dialog
      open
      title={t('mcp.settingsTitle', { name })}
      onClose={onClose}
      footer={
        <>
          {(view.tokenSet || view.headersSet) && (
            <Button variant="secondary" disabled={busy} onClick={() => void save({ token: '', headers: '' })}>
              {t('mcp.forget')}
            </Button>
          )}
          <Button variant="primary" disabled={busy || !url.trim()} onClick={() => void save(typed())}>
            {t('common.save')}
          </Button>
        </>
      }
    >
      <div className="mcp-credentials">
        <AddressField label={t('mcp.url')} value={url} onChange={setUrl} />
        <McpCredentialFields value={value} onChange={setValue} saved={{ token: view.tokenSet, headers: view.headersSet }} />
        {error && <ErrorNotice error={error} />}
      </div>
    </Dialog>
  );
}
