import { useTranslation } from 'react-i18next';
import type { ProviderView } from '../../lib/core/providers';

/** The browser's own model is named by the interface, in its language; other providers by the user. */
export function useProviderName(): (provider: ProviderView) => string {
  const { t } = useTranslation();
  return (provider) => (provider.kind === 'builtin' ? t('settings.kind.builtin') : provider.name);
}
