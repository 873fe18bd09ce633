import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../ui/Field';
import { defaultPersona } from '../../lib/prompts/personas';
import { useChatStore } from '../state/chat-store';
import { useProvidersStore } from '../state/providers-store';
import { usePersonas } from './use-personas';
import './prompts.css';

/**
 * The persona a new chat starts with, offered in the empty chat once the user has personas: the default one is
 * chosen at first, and choosing one with a model selects that model in the picker, where the user sees it.
 */
export function PersonaPicker() {
  const { t } = useTranslation();
  const list = usePersonas();
  const choice = useChatStore((s) => s.personaChoice);

  const choose = (personaId: string) => {
    const persona = list?.personas.find((p) => p.id === personaId) ?? null;
    useChatStore.getState().setPersonaChoice(persona);
    const model = persona?.model;
    const providers = useProvidersStore.getState();
    if (model && providers.groups.some((g) => g.providerId === model.providerId && g.models.some((m) => m.id === model.model)))
      providers.select(model);
  };

  useEffect(() => {
    if (!list || choice !== undefined) return;
    const initial = defaultPersona(list.personas, list.defaultId);
    if (initial) choose(initial.id);
    // Only once the list is known and nothing was chosen yet.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list, choice]);

  if (!list?.personas.length) return null;
  const current = choice === undefined ? defaultPersona(list.personas, list.defaultId) : choice;
  return (
    <div className="persona-picker">
      <Field label={t('personas.pick')} inline>
        {(f) => (
          <select {...f} value={current?.id ?? ''} onChange={(e) => choose(e.target.value)}>
            <option value="">{t('personas.none')}</option>
            {list.personas.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}
