import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolStep } from '@/lib/core/conversation';
import { DECLINED_RESULT } from '@/lib/plugins/consent';
import { PluginStepTitle } from '../plugins/PluginStepTitle';
import { ToolCallApproval } from '../app/on-demand';
import { startPendingCalls, usePendingCalls } from '../plugins/pending-calls-store';

/**
 * The calls made while answering. `waitingIn` is the conversation of an answer
 * still being written: a call of it that waits for the user shows its approval,
 * inside its step once the step is saved, on its own until then.
 */
export function ToolSteps({ steps, waitingIn }: { steps: ToolStep[]; waitingIn?: string }) {
  const { t, i18n } = useTranslation();
  const seconds = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'second', maximumFractionDigits: 1 });
  const all = usePendingCalls((s) => s.calls);
  const waiting = waitingIn ? all.filter((call) => call.conversationId === waitingIn) : [];
  const unsaved = waiting.filter((call) => !steps.some((step) => step.call.id === call.callId));

  useEffect(startPendingCalls, []);

  if (!steps.length && !unsaved.length) return null;
  return (
    <div className="tool-steps">
      {steps.map((step) => {
        const approval = waiting.find((call) => call.callId === step.call.id);
        return (
          <details key={step.call.id} className="tool-step" open={approval ? true : undefined}>
            <summary>
              {step.plugin ? <PluginStepTitle step={step} /> : t('chat.toolStep', { name: step.call.name })}
              {step.durationMs !== undefined ? ` · ${seconds.format(step.durationMs / 1000)}` : ` · ${t('chat.running')}`}
            </summary>
            {approval && <ToolCallApproval call={approval} />}
            <p className="tool-label">{t('chat.toolArguments')}</p>
            <pre dir="ltr">{step.call.arguments}</pre>
            {step.result !== undefined && (
              <>
                <p className="tool-label">{t('chat.toolResult')}</p>
                <pre dir="ltr">{step.result}</pre>
              </>
            )}
            {step.error !== undefined && (
              <p className="tool-error" role="alert">
                {step.error === DECLINED_RESULT ? t('plugins.consent.declined') : step.error}
              </p>
            )}
          </details>
        );
      })}
      {unsaved.map((call) => (
        <div key={call.id} className="tool-step">
          <ToolCallApproval call={call} />
        </div>
      ))}
    </div>
  );
}
