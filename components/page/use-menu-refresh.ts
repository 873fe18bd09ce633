import { useEffect } from 'react';
import { request } from '../../lib/messaging/client';
import { MENU_PREFS } from '../../lib/page/menu-model';
import { onStorageChange } from '../../lib/storage/change-feed';

/**
 * Asks the worker to rebuild the selection menu whenever what it is built from changes (MENU_PREFS), wherever in the
 * panel that happens. The worker hears the change feed only while it runs: a change made while it sleeps would
 * otherwise leave the menu as it was until the next install. The worker skips a rebuild that changes nothing.
 */
export function useMenuRefresh(): void {
  useEffect(
    () =>
      onStorageChange((change) => {
        if (change.type === 'prefs' && MENU_PREFS.includes(change.id)) void request('page.refreshMenus', {}).catch(() => undefined);
      }),
    [],
  );
}
