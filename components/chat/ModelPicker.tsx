import { useTranslation } from 'react-i18next';
import { useProvidersStore } from '../state/providers-store';

const SEPARATOR = '\u0000';

export function ModelPicker() {
  const { t } = useTranslation();
  const { providers, models, selected, select } = useProvidersStore();
  const value = selected ? `${selected.providerId}${SEPARATOR}${selected.model}` : '';
  const groups = models.filter((g) => g.models.length);
  // The browser's own model is named by the interface, in its language; other providers by the user.
  const groupLabel = (providerId: string) => {
    const provider = providers.find((p) => p.id === providerId);
    return provider?.kind === 'builtin' ? t('settings.kind.builtin') : (provider?.name ?? providerId);
  };
  return (
    <select
      className="model-picker"
      aria-label={t('chat.model')}
      value={value}
      disabled={!groups.length}
      onChange={(e) => {
        const [providerId, model] = e.target.value.split(SEPARATOR);
        if (providerId && model) select({ providerId, model });
      }}
    >
      {!groups.length && <option value="">{t('chat.noModels')}</option>}
      {groups.map((g) => (
        <optgroup key={g.providerId} label={groupLabel(g.providerId)}>
          {g.models.map((m) => (
            <option key={m.id} value={`${g.providerId}${SEPARATOR}${m.id}`}>
              {m.label ?? m.id}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}
