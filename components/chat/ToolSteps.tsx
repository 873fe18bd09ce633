import { useTranslation } from 'react-i18next';
import type { ToolStep } from '@/lib/core/conversation';
import { PluginStepTitle } from '../plugins/PluginStepTitle';

export function ToolSteps({ steps }: { steps: ToolStep[] }) {
  const { t, i18n } = useTranslation();
  const seconds = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'second', maximumFractionDigits: 1 });
  return (
    <div className="tool-steps">
      {steps.map((step) => (
        <details key={step.call.id} className="tool-step">
          <summary>
            {step.plugin ? <PluginStepTitle step={step} /> : t('chat.toolStep', { name: step.call.name })}
            {step.durationMs !== undefined ? ` · ${seconds.format(step.durationMs / 1000)}` : ` · ${t('chat.running')}`}
          </summary>
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
              {step.error}
            </p>
          )}
        </details>
      ))}
    </div>
  );
}
