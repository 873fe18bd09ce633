import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PROVIDER_KINDS, type ProviderKind } from '../../lib/core/providers';

/** Every kind of provider that can be added, each with a line on what it is for. */
export function ProviderChooser({ onPick }: { onPick(kind: ProviderKind): void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <ul className="kind-list">
      {PROVIDER_KINDS.filter((k) => k.userAddable).map((k) => (
        // The button's name is the kind alone (its visible text); the whole card is its target (see .kind-option::after).
        <li key={k.kind} className="kind-option">
          <button type="button" className="kind-name" aria-describedby={`${id}-${k.kind}-desc`} onClick={() => onPick(k.kind)}>
            {t(`settings.kind.${k.kind}`)}
          </button>
          <span id={`${id}-${k.kind}-desc`} className="kind-description">
            {t(`settings.kindDescription.${k.kind}`)}
          </span>
        </li>
      ))}
    </ul>
  );
}
