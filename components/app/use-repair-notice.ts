import { useEffect, useState } from 'react';
import { request } from '../../lib/messaging/client';
import { onStorageChange } from '../../lib/storage/change-feed';
import { getPref, setPref } from '../../lib/storage/prefs';
import { REPAIR_NOTICE } from '../../lib/storage/repair';

/**
 * Whether damaged records were repaired or set aside (now or before) and the user has not dismissed it yet, and how to
 * dismiss it. Asks the worker to check the stored chats once the panel is up.
 */
export function useRepairNotice(): { shown: boolean; dismiss(): void } {
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

  const dismiss = () => {
    setShown(false);
    void setPref(REPAIR_NOTICE, undefined);
  };
  return { shown, dismiss };
}
