import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { useErrorText } from '../common/use-error-text';
import { useProvidersStore } from '../state/providers-store';
import { useProviderName } from './use-provider-name';

/**
 * A provider whose listing failed (a wrong or revoked key, a server that cannot be reached) says so in the empty
 * chat, with a way straight to its settings. Not a live region: it describes the state found on opening.
 */
export function ProviderRefusals({ onOpenSettings }: { onOpenSettings(providerId?: string): void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const name = useProviderName();
  const failing = useProvidersStore((s) => s.groups).filter((g) => g.error);
  return failing.map((g) => {
    const text = errorText(g.error!);
    return (
      <section key={g.providerId} className="notice notice-error provider-refusal" aria-label={name(g.provider)}>
        <p className="notice-title">
          <span dir="auto">{name(g.provider)}</span>: {text.title}
        </p>
        <p className="notice-hint">{text.hint}</p>
        <Button onClick={() => onOpenSettings(g.providerId)}>{t('modelPicker.fix', { provider: name(g.provider) })}</Button>
      </section>
    );
  });
}
