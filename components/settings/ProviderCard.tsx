import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import { kindInfo, type ProviderView } from '../../lib/core/providers';
import type { ProviderStatus } from '../../lib/core/provider-status';
import { IconButton } from '../ui/IconButton';
import { useErrorText } from '../common/use-error-text';

interface Props {
  provider: ProviderView;
  status: ProviderStatus;
  onOpen(): void;
  onRemove(): void;
}

/** A saved provider at a glance: its name, whether it works, how many models it offers. */
export function ProviderCard({ provider, status, onOpen, onRemove }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const errorText = useErrorText();
  const kind = kindInfo(provider.kind)?.displayName;
  return (
    <li className={`provider-card provider-state-${status.state}`}>
      <button type="button" className="provider-card-main" onClick={onOpen} aria-describedby={`${id}-state`}>
        <span className="provider-card-name" dir="auto">
          {provider.name}
        </span>
      </button>
      <p id={`${id}-state`} className="provider-card-state">
        <span className="provider-state-dot" aria-hidden />
        {kind && kind !== provider.name && <span className="provider-card-kind">{kind} · </span>}
        {t(`settings.state.${status.state}`)}
        {status.models !== undefined && <> · {t('settings.modelCount', { count: status.models })}</>}
        {status.state === 'failed' && status.error && <> · {errorText(status.error).title}</>}
      </p>
      <IconButton
        label={t('settings.removeProviderNamed', { name: provider.name })}
        icon={<Trash2 />}
        variant="danger"
        size="sm"
        onClick={onRemove}
      />
    </li>
  );
}
