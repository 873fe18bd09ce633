import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { IconButton } from '../ui/IconButton';
import type { PageTools } from './use-page-tools';

/** Why the page could not be used; the live region stays mounted so that screen readers announce each new notice. */
export function PageNotice({ tools }: { tools: PageTools }) {
  const { t } = useTranslation();
  const { notice, reading } = tools;
  return (
    <div className="page-notice-row">
      <p role="status" className={notice ? 'notice page-notice' : 'page-notice-empty'}>
        {notice ? t(`page.notice.${notice}`) : reading ? t('page.reading') : null}
      </p>
      {notice && <IconButton label={t('page.dismiss')} icon={<X size={16} />} size="sm" onClick={tools.dismiss} />}
    </div>
  );
}
