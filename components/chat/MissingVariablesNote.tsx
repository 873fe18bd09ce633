import { useTranslation } from 'react-i18next';
import { formatList } from '../../lib/i18n/formats';
import type { PromptVariable } from '../../lib/prompts/variables';

/**
 * Names the variables a chosen prompt left without a value, below the message box. The live region stays mounted so
 * each new note is announced.
 */
export function MissingVariablesNote({ id, missing }: { id: string; missing: readonly PromptVariable[] }) {
  const { t, i18n } = useTranslation();
  return (
    <div role="status" id={id} className="slash-missing">
      {missing.length > 0 && (
        <p className="notice">
          {t('prompts.slash.missing', {
            // Made only when there is a list to say: the browser's first list formatter loads its language data,
            // which took over 100 ms of the panel's first render on a cold start.
            variables: formatList(
              i18n,
              missing.map((name) => `{{${name}}}`),
              { type: 'conjunction' },
            ),
          })}
        </p>
      )}
    </div>
  );
}
