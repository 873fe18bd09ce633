import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PROVIDER_KINDS, type ProviderKind } from '@/lib/core/providers';

/** Every kind of provider that can be added, each with a line on what it is for. */
export function ProviderChooser({ onPick }: { onPick(kind: ProviderKind): void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <ul className="kind-list">
      {PROVIDER_KINDS.filter((k) => k.userAddable).map((k) => (
        <li key={k.kind}>
          <button
            type="button"
            className="kind-option"
            aria-labelledby={`${id}-${k.kind}-name`}
            aria-describedby={`${id}-${k.kind}-desc`}
            onClick={() => onPick(k.kind)}
          >
            <span id={`${id}-${k.kind}-name`} className="kind-name">
              {t(`settings.kind.${k.kind}`)}
            </span>
            <span id={`${id}-${k.kind}-desc`} className="kind-description">
              {t(`settings.kindDescription.${k.kind}`)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
