import { useTranslation } from 'react-i18next';
import { useRepairNotice } from './use-repair-notice';

/** Says that damaged stored chats were repaired or set aside, until the user dismisses it. */
export function StorageRepairNotice() {
  const { t } = useTranslation();
  const { shown, dismiss } = useRepairNotice();

  if (!shown) return null;
  return (
    <div className="notice" role="status">
      <p>{t('storageRepair.notice')}</p>
      <button type="button" className="button" onClick={dismiss}>
        {t('storageRepair.dismiss')}
      </button>
    </div>
  );
}
