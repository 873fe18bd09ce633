import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/messaging/client';
import { onStorageChange } from '../../lib/storage/change-feed';
import { getPref, setPref } from '../../lib/storage/prefs';
import { REPAIR_NOTICE } from '../../lib/storage/repair';

/**
 * Checks the stored chats once the panel is up and, when damaged records were
 * repaired or set aside (now or before), says so until the user dismisses it.
 */
export function StorageRepairNotice() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);

  useEffect(() => {
    let live = true;
    const read = () =>
      void getPref(REPAIR_NOTICE).then(
        (notice) => live && setShown(notice === true),
        () => undefined,
      );
    const stop = onStorageChange((change) => change.type === 'prefs' && change.id === REPAIR_NOTICE && read());
    read();
    // After first paint, as it reads every record (the worker does it); a failed check must not stop the panel, whose
    // reads repair in memory anyway.
    const idle = requestIdleCallback(() => void request('data.checkRecords', {}).catch(() => undefined), { timeout: 2000 });
    return () => {
      live = false;
      stop();
      cancelIdleCallback(idle);
    };
  }, []);

  if (!shown) return null;
  return (
    <div className="notice" role="status">
      <p>{t('storageRepair.notice')}</p>
      <button
        type="button"
        className="button"
        onClick={() => {
          setShown(false);
          void setPref(REPAIR_NOTICE, undefined);
        }}
      >
        {t('storageRepair.dismiss')}
      </button>
    </div>
  );
}
