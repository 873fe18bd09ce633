import { useId } from 'react';
import { Check, CheckCheck, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toChatError } from '../../lib/core/errors';
import { request } from '../../lib/messaging/client';
import type { PendingToolCall, ToolDecision } from '../../lib/plugins/consent';
import { ErrorNotice } from '../common/ErrorNotice';
import { useBusyRun } from '../common/use-busy-run';
import { Button } from '../ui/Button';
import { usePluginNames } from './plugin-names';
import { usePendingCalls } from './pending-calls-store';
import { usePluginView } from './plugins-store';
import './plugins.css';

/** A plugin call the answer is paused on: what would run, where it would connect, with what; the user allows or denies it. */
export function ToolCallApproval({ call }: { call: PendingToolCall }) {
  const { t } = useTranslation();
  const id = useId();
  const names = usePluginNames();
  const view = usePluginView(call.plugin);
  const plugin = view ? names.title(view) : call.plugin;
  const { busy, error, run } = useBusyRun();

  const decide = (decision: ToolDecision) =>
    run(async () => {
      try {
        await request('plugins.decide', { id: call.id, decision });
      } catch (e) {
        // Answered in another panel, or the answer was stopped: the request simply goes away.
        if (toChatError(e).code !== 'not-found') throw e;
      }
      await usePendingCalls.getState().refresh();
    });

  return (
    <section className="tool-approval" aria-labelledby={`${id}-heading`}>
      <p id={`${id}-heading`} className="tool-approval-heading">
        {t('plugins.consent.heading', { plugin, name: call.apiName })}
      </p>
      <dl className="facts">
        <dt>{t('plugins.consent.plugin')}</dt>
        <dd dir="auto">{plugin}</dd>
        <dt>{t('plugins.consent.tool')}</dt>
        <dd dir="ltr">{call.apiName}</dd>
        <dt>{t('plugins.consent.origin')}</dt>
        <dd dir="ltr">{call.origin ?? t('plugins.consent.noOrigin')}</dd>
      </dl>
      <p className="tool-label">{t('chat.toolArguments')}</p>
      <pre dir="ltr">{call.arguments}</pre>
      <div className="tool-approval-actions">
        <Button variant="primary" icon={<Check size={16} />} disabled={busy} onClick={() => void decide('allow')}>
          {t('plugins.consent.allow')}
        </Button>
        <Button variant="secondary" icon={<CheckCheck size={16} />} disabled={busy} onClick={() => void decide('always')}>
          {t('plugins.consent.always')}
        </Button>
        <Button variant="ghost" icon={<X size={16} />} disabled={busy} onClick={() => void decide('deny')}>
          {t('plugins.consent.deny')}
        </Button>
      </div>
      <p className="plugin-hint">{t('plugins.consent.hint')}</p>
      {error && <ErrorNotice error={error} />}
    </section>
  );
}
