import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browser } from 'wxt/browser';
import { chatError, type ChatError } from '../../lib/core/errors';
import { request } from '../../lib/messaging/client';
import './speech.css';

type Outcome = { kind: 'asking' } | { kind: 'blocked' } | { kind: 'missing' } | { kind: 'failed' } | undefined;

/** Back to the tab the user was on, and this page goes away. */
async function leave(): Promise<void> {
  const returnTo = Number(new URLSearchParams(location.search).get('returnTo'));
  if (Number.isInteger(returnTo) && returnTo > 0) await browser.tabs.update(returnTo, { active: true }).catch(() => undefined);
  const self = await browser.tabs.getCurrent();
  if (self?.id !== undefined) await browser.tabs.remove(self.id);
  else window.close();
}

/** Through the background, the only sender the panel believes; a lost answer leaves the panel's own cancel. */
async function answer(granted: boolean, error?: ChatError): Promise<void> {
  await request('speech.micAnswer', { granted, ...(error ? { error } : {}) }).catch(() => undefined);
}

/**
 * Asks for the microphone on behalf of the side panel, which cannot show the
 * browser's permission prompt. The permission belongs to the extension, so
 * once granted here dictation works in the panel too.
 */
export function MicPermissionPage() {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome>();

  const allow = async () => {
    setOutcome({ kind: 'asking' });
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      stream.getTracks().forEach((track) => track.stop());
      await answer(true);
      await leave();
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'NotAllowedError' || name === 'SecurityError') {
        setOutcome({ kind: 'blocked' });
        await answer(false, chatError('forbidden', 'Microphone access was denied.'));
      } else if (name === 'NotFoundError') {
        setOutcome({ kind: 'missing' });
        await answer(false, chatError('not-found', 'No microphone was found.'));
      } else {
        setOutcome({ kind: 'failed' });
        await answer(false, chatError('unknown', error instanceof Error ? error.message : String(error)));
      }
    }
  };

  const cancel = async () => {
    await answer(false, chatError('aborted', 'The microphone request was cancelled.'));
    await leave();
  };

  return (
    <main className="mic-permission">
      <h1>{t('speech.micPermission.title')}</h1>
      <p>{t('speech.micPermission.why')}</p>
      <p>{t('speech.micPermission.how')}</p>
      <div className="row">
        <button type="button" className="button button-primary" disabled={outcome?.kind === 'asking'} onClick={() => void allow()}>
          {t('speech.micPermission.allow')}
        </button>
        <button type="button" className="button" onClick={() => void cancel()}>
          {t('common.cancel')}
        </button>
      </div>
      <div aria-live="polite">
        {outcome?.kind === 'blocked' && <p role="alert">{t('speech.micPermission.blocked')}</p>}
        {outcome?.kind === 'missing' && <p role="alert">{t('speech.micPermission.missing')}</p>}
        {outcome?.kind === 'failed' && <p role="alert">{t('speech.micPermission.failed')}</p>}
      </div>
    </main>
  );
}
