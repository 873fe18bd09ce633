import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LogIn, LogOut } from 'lucide-react';
import { inertText } from '../../lib/core/inert-text';
import { request } from '../../lib/messaging/client';
import type { McpServerView } from '../../lib/messaging/mcp-protocol';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { showToast } from '../ui/toast';

interface Props {
  view: McpServerView;
  name: string;
  busy: boolean;
  run(work: () => Promise<void>): Promise<void>;
}

/**
 * A server that asks for a sign-in: whether it is signed in, and Sign in / Sign out. Signing in runs in the
 * worker, which opens the browser's sign-in window; when the server's sign-in service lives at another origin, the
 * user approves that origin first and nothing is sent there before.
 */
export function McpSignIn({ view, name, busy, run }: Props) {
  const { t } = useTranslation();
  const [approve, setApprove] = useState<string>();

  const signIn = (authOrigin?: string) =>
    run(async () => {
      setApprove(undefined);
      const result = await request('mcp.signIn', { id: view.id, ...(authOrigin ? { authOrigin } : {}) });
      if ('approve' in result) setApprove(result.approve);
      else showToast({ message: t('mcpOAuth.signedInToast', { name }), tone: 'success' });
    });

  const signOut = () =>
    run(async () => {
      await request('mcp.signOut', { id: view.id });
      showToast({ message: t('mcpOAuth.signedOutToast', { name }), tone: 'success' });
    });

  return (
    <div className="mcp-sign-in">
      <p className="plugin-hint">{view.signedIn ? t('mcpOAuth.signedIn') : t('mcpOAuth.needed')}</p>
      {view.signedIn ? (
        <Button icon={<LogOut size={16} />} aria-label={t('mcpOAuth.signOutOf', { name })} disabled={busy} onClick={() => void signOut()}>
          {t('mcpOAuth.signOut')}
        </Button>
      ) : (
        <Button
          variant="primary"
          icon={<LogIn size={16} />}
          aria-label={t('mcpOAuth.signInTo', { name })}
          disabled={busy}
          onClick={() => void signIn()}
        >
          {t('mcpOAuth.signIn')}
        </Button>
      )}
      {approve && (
        <Dialog
          open
          onClose={() => setApprove(undefined)}
          title={t('mcpOAuth.approval.heading')}
          footer={
            <>
              <Button variant="secondary" disabled={busy} onClick={() => setApprove(undefined)}>
                {t('common.cancel')}
              </Button>
              <Button variant="primary" disabled={busy} onClick={() => void signIn(approve)}>
                {t('mcpOAuth.approval.confirm')}
              </Button>
            </>
          }
        >
          <div className="plugin-approval">
            <p>{t('mcpOAuth.approval.text', { name })}</p>
            <ul className="plugin-origins" aria-label={t('mcpOAuth.approval.originList')}>
              <li dir="ltr">{inertText(approve)}</li>
            </ul>
            <p className="plugin-hint">{t('mcpOAuth.approval.note')}</p>
          </div>
        </Dialog>
      )}
    </div>
  );
}
