import { useTranslation } from 'react-i18next';
import { inertText } from '../../lib/core/inert-text';
import type { i18n as I18n } from 'i18next';
import { formatNumber } from '../../lib/i18n/formats';
import type { ManifestIssue } from '../../lib/plugins/manifest';

/** A size limit as people read it: 1 MB, 4 MB, in the interface language's digits and units. */
function formatLimit(bytes: number, i18n: I18n): string {
  const megabytes = bytes / (1024 * 1024);
  const [value, unit] = megabytes >= 1 ? [megabytes, 'megabyte'] : [bytes / 1024, 'kilobyte'];
  return formatNumber(i18n, value, { style: 'unit', unit, maximumFractionDigits: 1 });
}

/** The limit an issue names: bytes for a size, a plain number of levels for a depth. */
function limitText(issue: ManifestIssue, i18n: I18n): string | undefined {
  if (issue.limit === undefined) return undefined;
  return issue.code === 'too-large' ? formatLimit(issue.limit, i18n) : formatNumber(i18n, issue.limit);
}

/** Why a manifest or index was refused, issue by issue, with the place in the document each concerns. */
export function InvalidDocument({ issues }: { issues: ManifestIssue[] }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="notice notice-error" role="alert">
      <p className="notice-title">{t('plugins.invalid.heading')}</p>
      <ul>
        {issues.map((issue, i) => (
          <li key={i}>
            {t(`plugins.issue.${issue.code}`, { limit: limitText(issue, i18n) })}
            {issue.path && (
              <>
                {' '}
                <code dir="ltr">{inertText(issue.path)}</code>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
