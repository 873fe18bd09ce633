import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolApprovalMode } from '../../lib/core/plugins';
import { ErrorNotice } from '../common/ErrorNotice';
import { useBusyRun } from '../common/use-busy-run';
import './plugins.css';

/** Whether the model's calls of one tool source (a plugin, an MCP server) wait for the user, or run automatically. */
export function ToolApprovalChoice({
  title,
  value,
  onChoose,
}: {
  title: string;
  value: ToolApprovalMode;
  onChoose(mode: ToolApprovalMode): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const name = useId();
  const { busy, error, run } = useBusyRun();
  return (
    <fieldset className="plugin-approval-mode">
      <legend>{t('plugins.consent.modeLegend', { title })}</legend>
      {(['ask', 'auto'] as const).map((mode) => (
        <label key={mode} className="plugin-toggle">
          <input
            type="radio"
            name={name}
            value={mode}
            checked={value === mode}
            disabled={busy}
            onChange={() => void run(async () => void (await onChoose(mode)))}
          />
          {t(`plugins.consent.mode.${mode}`)}
        </label>
      ))}
      {error && <ErrorNotice error={error} />}
    </fieldset>
  );
}
