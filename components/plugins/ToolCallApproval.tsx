import { useId } from 'react';
import { Check, CheckCheck, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toChatError } from '../../lib/core/errors';
import { inertText } from '../../lib/core/inert-text';
import { mcpServerIdOf } from '../../lib/core/mcp';
import type { PendingToolCall, ToolDecision } from '../../lib/core/tool-consent';
import { request } from '../../lib/messaging/client';
import { ErrorNotice } from '../common/ErrorNotice';
import { useBusyRun } from '../common/use-busy-run';
import { Button } from '../ui/Button';
import { usePluginNames } from './plugin-names';
import { usePendingCalls } from './pending-calls-store';
import { usePluginView } from './plugins-store';
import './plugins.css';

/**
 * A tool call the answer is paused on: which plugin or MCP server would run what, where it would connect, with what,
 * and why it asks; the user allows or denies it. After too many calls in a row, it asks only to continue or stop.
 */
export function ToolCallApproval({ call }: { call: PendingToolCall }) {
  const { t } = useTranslation();
  const id = useId();
  const names = usePluginNames();
  const server = mcpServerIdOf(call.source) !== undefined;
  const view = usePluginView(call.source);
  const source = view ? names.title(view) : inertText(call.sourceName);
  const { busy, error, run } = useBusyRun();
  const runLimit = call.reason === 'run-limit';

  const decide = (decision: ToolDecision) =>
    run(async () => {
      try {
        await request('tools.decide', { id: call.id, decision });
      } catch (e) {
        // Answered in another panel, or the answer was stopped: the request simply goes away.
        if (toChatError(e).code !== 'not-found') throw e;
      }
      await usePendingCalls.getState().refresh();
    });

  return (
    <section className="tool-approval" aria-labelledby={`${id}-heading`}>
      <p id={`${id}-heading`} className="tool-approval-heading">
        {runLimit ? t('plugins.consent.runLimitHeading') : t('plugins.consent.heading', { plugin: source, name: call.tool })}
      </p>
      {call.reason === 'chained' && <p className="plugin-hint">{t('plugins.consent.chained')}</p>}
      <dl className="facts">
        <dt>{server ? t('plugins.consent.server') : t('plugins.consent.plugin')}</dt>
        <dd dir="auto">{source}</dd>
        <dt>{t('plugins.consent.tool')}</dt>
        <dd dir="ltr">{call.tool}</dd>
        <dt>{t('plugins.consent.origin')}</dt>
        <dd dir="ltr">{call.origin ?? t('plugins.consent.noOrigin')}</dd>
      </dl>
      <p className="tool-label">{t('chat.toolArguments')}</p>
      <pre dir="ltr">{call.arguments}</pre>
      <div className="tool-approval-actions">
        <Button variant="primary" icon={<Check size={16} />} disabled={busy} onClick={() => void decide('allow')}>
          {runLimit ? t('plugins.consent.continue') : t('plugins.consent.allow')}
        </Button>
        {!runLimit && (
          <Button variant="secondary" icon={<CheckCheck size={16} />} disabled={busy} onClick={() => void decide('always')}>
            {t('plugins.consent.always')}
          </Button>
        )}
        <Button variant="ghost" icon={<X size={16} />} disabled={busy} onClick={() => void decide('deny')}>
          {runLimit ? t('plugins.consent.stop') : t('plugins.consent.deny')}
        </Button>
      </div>
      <p className="plugin-hint">{runLimit ? t('plugins.consent.runLimitHint') : t('plugins.consent.hint')}</p>
      {error && <ErrorNotice error={error} />}
    </section>
  );
}
