import { useEffect } from 'react';
import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Check, CircleX, LoaderCircle, Wrench } from 'lucide-react';
import type { ToolStep } from '../../lib/core/conversation';
import { formatNumber } from '../../lib/i18n/formats';
import { stepFailure } from '../../lib/plugins/step-failure';
import { PluginStepTitle } from '../plugins/PluginStepTitle';
import { onDemand } from '../common/on-demand';
import { useErrorText } from '../common/use-error-text';
import { startPendingCalls, usePendingCalls } from '../plugins/pending-calls-store';
import './tool-steps.css';

/** Asking before a plugin runs. */
const ToolCallApproval = onDemand(() => import('../plugins/ToolCallApproval').then((m) => m.ToolCallApproval));

/**
 * The calls made while answering, each a compact chip that opens to its
 * arguments and result. A failed one says so on the chip itself. `waitingIn`
 * is the conversation of an answer still being written: a call of it that
 * waits for the user shows its approval, inside its step once the step is
 * saved, on its own until then.
 */
export function ToolSteps({ steps, waitingIn }: { steps: ToolStep[]; waitingIn?: string }) {
  const { t, i18n } = useTranslation();
  const all = usePendingCalls((s) => s.calls);
  const waiting = waitingIn ? all.filter((call) => call.conversationId === waitingIn) : [];
  const unsaved = waiting.filter((call) => !steps.some((step) => step.call.id === call.callId));

  useEffect(startPendingCalls, []);

  if (!steps.length && !unsaved.length) return null;
  return (
    <div className="tool-steps">
      {steps.map((step) => {
        const approval = waiting.find((call) => call.callId === step.call.id);
        const failed = step.error !== undefined;
        const running = step.durationMs === undefined;
        return (
          <details key={step.call.id} className={`tool-step${failed ? ' tool-step-failed' : ''}`} open={approval ? true : undefined}>
            <summary>
              {failed ? <CircleX size={14} /> : running ? <LoaderCircle size={14} className="tool-spin" /> : <Check size={14} />}
              {!failed && !running && <Wrench size={12} className="tool-kind" />}
              {/* One run of text, so the summary reads (and copies) as one line: name · Failed · time. */}
              <span className="tool-name">
                {step.plugin ? <PluginStepTitle step={step} /> : t('chat.toolStep', { name: step.call.name })}
                {' · '}
                {failed && <span className="tool-state-failed">{`${t('messages.stepFailed')} · `}</span>}
                {running ? t('chat.running') : stepTime(i18n, step.durationMs!)}
              </span>
            </summary>
            {approval && <ToolCallApproval call={approval} />}
            {failed && (step.errorCode ? <CodedStepError step={step} /> : <StepError error={step.error!} />)}
            {step.approval && <p className="tool-step-mode">{t(`chat.toolApproval.${step.approval}`)}</p>}
            <p className="tool-label">{t('chat.toolArguments')}</p>
            <pre dir="ltr">{step.call.arguments}</pre>
            {step.result !== undefined && (
              <>
                <p className="tool-label">{t('chat.toolResult')}</p>
                <pre dir="ltr">{step.result}</pre>
              </>
            )}
            {step.images?.map((image, i) => (
              <img
                key={i}
                className="tool-image"
                src={`data:${image.mimeType};base64,${image.data}`}
                alt={t('chat.toolImage', { n: i + 1, name: step.call.name })}
              />
            ))}
          </details>
        );
      })}
      {unsaved.map((call) => (
        <div key={call.id} className="tool-step tool-step-waiting">
          <ToolCallApproval call={call} />
        </div>
      ))}
    </div>
  );
}

/** How long a step took: a sub-second step in milliseconds, since "0 sec" would say it took no time at all. */
function stepTime(i18n: I18n, ms: number): string {
  if (ms < 1000) return formatNumber(i18n, Math.round(ms), { style: 'unit', unit: 'millisecond', unitDisplay: 'short' });
  return formatNumber(i18n, ms / 1000, { style: 'unit', unit: 'second', maximumFractionDigits: 1 });
}

/** A failure its source named by code (an MCP server's): titled and explained as the error notices word it. */
function CodedStepError({ step }: { step: ToolStep }) {
  const { t } = useTranslation();
  const text = useErrorText()({ code: step.errorCode!, message: step.error!, retryable: false });
  return (
    <div className="tool-error">
      <p>{`${text.title}. ${text.hint}`}</p>
      <details className="notice-detail">
        <summary>{t('errors.details')}</summary>
        <code>{step.error}</code>
      </details>
    </div>
  );
}

/** Why a step failed, in the user's words; the text stored for the model (validator wording) is never shown as is. */
function StepError({ error }: { error: string }) {
  const { t } = useTranslation();
  const failure = stepFailure(error);
  if (failure.kind === 'declined') return <p className="tool-error">{t('plugins.consent.declined')}</p>;
  if (failure.kind !== 'other') {
    const key = failure.kind === 'settings' && !failure.field ? 'settingsUnnamed' : failure.kind;
    return <p className="tool-error">{t(`messages.stepError.${key}`, { field: 'field' in failure ? failure.field : '' })}</p>;
  }
  return (
    <div className="tool-error">
      <p>{t('messages.stepError.other')}</p>
      <details className="notice-detail">
        <summary>{t('errors.details')}</summary>
        <code>{error}</code>
      </details>
    </div>
  );
}
