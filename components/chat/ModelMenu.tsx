import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import type { ModelInfo, ProviderView } from '../../lib/core/providers';
import { useProvidersStore, type ModelGroup } from '../state/providers-store';
import { useProviderName } from './use-provider-name';

interface Choice {
  group: ModelGroup;
  model: ModelInfo;
}

/** Groups whose provider or models match the typed text; a provider's name matching keeps all its models. */
function matching(groups: readonly ModelGroup[], query: string, name: (p: ProviderView) => string): ModelGroup[] {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return [...groups];
  return groups.flatMap((g) => {
    if (name(g.provider).toLocaleLowerCase().includes(q)) return [g];
    const models = g.models.filter((m) => `${m.id} ${m.label ?? ''}`.toLocaleLowerCase().includes(q));
    return models.length ? [{ ...g, models }] : [];
  });
}

/**
 * The model picker's open popover: a searchable list of every provider's models with the provider's state, loaded
 * when the picker first opens. Focus stays in the search field; arrows move the active option
 * (aria-activedescendant), Enter picks it.
 */
export function ModelMenu({ close, onOpenSettings }: { close(): void; onOpenSettings(providerId?: string): void }) {
  const { t } = useTranslation();
  const { groups, selected, select } = useProvidersStore();
  const name = useProviderName();
  const [query, setQuery] = useState('');
  const search = useRef<HTMLInputElement>(null);
  const id = useId();

  const visible = matching(groups, query, name);
  const choices: Choice[] = visible.flatMap((group) => group.models.map((model) => ({ group, model })));
  const isSelected = (c: Choice) => selected?.providerId === c.group.providerId && selected.model === c.model.id;
  // Searched from the model in use.
  const [active, setActive] = useState(() => Math.max(0, choices.findIndex(isSelected)));
  const optionId = (i: number) => `${id}-option-${i}`;

  useEffect(() => {
    // After the popover is shown (a layout effect), so the field can take focus.
    search.current?.focus();
  }, []);

  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  const pick = (c: Choice | undefined) => {
    if (!c) return;
    select({ providerId: c.group.providerId, model: c.model.id });
    close();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const last = choices.length - 1;
    const moves: Record<string, number> = { ArrowDown: active >= last ? 0 : active + 1, ArrowUp: active <= 0 ? last : active - 1 };
    if (e.key in moves) setActive(Math.max(0, moves[e.key]!));
    else if (e.key === 'Home' && e.ctrlKey) setActive(0);
    else if (e.key === 'End' && e.ctrlKey) setActive(Math.max(0, last));
    else if (e.key === 'Enter' && !e.nativeEvent.isComposing) pick(choices[active]);
    else return;
    e.preventDefault();
  };

  let index = -1;
  return (
    <>
      <input
        // Not type="search": its Escape clears the text instead of closing the picker.
        type="text"
        role="combobox"
        className="model-search"
        aria-label={t('modelPicker.search')}
        placeholder={t('modelPicker.search')}
        aria-expanded="true"
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={choices.length ? optionId(active) : undefined}
        ref={search}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <div role="listbox" id={`${id}-list`} aria-label={t('modelPicker.title')} className="model-list">
        {visible.map((g) => (
          <div key={g.providerId} role="group" aria-labelledby={`${id}-${g.providerId}`} className="model-group">
            <div role="presentation" id={`${id}-${g.providerId}`} className="model-group-head">
              <span dir="auto">{name(g.provider)}</span>
              <span className={`model-state model-state-${g.state}`}>{t(`modelPicker.state.${g.state}`)}</span>
            </div>
            {g.models.map((model) => {
              const i = ++index;
              const choice = { group: g, model };
              return (
                <div
                  key={model.id}
                  id={optionId(i)}
                  role="option"
                  aria-selected={isSelected(choice)}
                  className={`model-option${i === active ? ' model-option-active' : ''}`}
                  onPointerMove={() => setActive(i)}
                  onClick={() => pick(choice)}
                >
                  <span dir="auto">{model.label ?? model.id}</span>
                  {isSelected(choice) && <Check size={14} aria-hidden />}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {!choices.length && (
        <p className="model-empty" role="status">
          {query ? t('modelPicker.noMatch') : t('chat.noModels')}
        </p>
      )}
      {groups
        .filter((g) => g.state !== 'connected')
        .map((g) => (
          <button
            key={g.providerId}
            type="button"
            className="model-fix"
            onClick={() => {
              close();
              onOpenSettings(g.providerId);
            }}
          >
            {t('modelPicker.fix', { provider: name(g.provider) })}
          </button>
        ))}
    </>
  );
}
