import { useTranslation } from 'react-i18next';
import { toChatError } from '../../lib/core/errors';
import type { ProviderView } from '../../lib/core/providers';
import { request } from '../../lib/messaging/client';
import { useErrorText } from '../common/use-error-text';
import { useProvidersStore } from '../state/providers-store';
import { showToast, showUndoToast } from '../ui/toast';
import { useProviderChecks } from './provider-checks';

/** Removes a provider with an undo that brings it back with its last connection test. */
export function useProviderRemoval(): (provider: ProviderView) => Promise<void> {
  const { t } = useTranslation();
  const refresh = useProvidersStore((s) => s.refresh);
  const checks = useProviderChecks((s) => s.checks);
  const forget = useProviderChecks((s) => s.forget);
  const errorText = useErrorText();
  return async (provider) => {
    try {
      await request('providers.delete', { id: provider.id });
    } catch (e) {
      showToast({ message: errorText(toChatError(e)).title, tone: 'error' });
      return;
    }
    const check = checks[provider.id];
    forget(provider.id);
    await refresh();
    showUndoToast({
      message: t('settings.providerRemoved', { name: provider.name }),
      onUndo: async () => {
        try {
          await request('providers.restore', { id: provider.id });
          if (check) useProviderChecks.getState().record(provider.id, check);
          await refresh();
        } catch (e) {
          showToast({ message: errorText(toChatError(e)).title, tone: 'error' });
        }
      },
    });
  };
}
