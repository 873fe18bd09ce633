import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import type { Persona } from '../../lib/core/prompts';
import type { SpeechSettings } from '../../lib/speech/speech-settings';
import { useProviderName } from '../chat/use-provider-name';
import { useProvidersStore } from '../state/providers-store';
import type { PickerGroup } from '../speech/VoiceSelect';
import { VoiceSelect } from '../speech/VoiceSelect';
import { CheckField, Field } from '../ui/Field';
import { IconButton } from '../ui/IconButton';

/** A persona as edited: the temperature stays text until saved, so a half-typed "0." is not rejected. */
export type Draft = Omit<Persona, 'temperature'> & { temperature: string };

const SEPARATOR = '\u0000';
/** The voice field's value for a voice of an engine other than the speech settings' one: kept until another is chosen. */
const KEPT = '\u0000kept';

/** One persona as a form: name, system prompt, model, temperature, voice, whether new chats start with it, and removing it. */
export function PersonaItem({
  persona: p,
  radioGroup,
  isDefault,
  speech,
  voiceGroups,
  onEdit,
  onDefault,
  onRemove,
}: {
  persona: Draft;
  /** The name of the default-persona radio buttons, one group for the whole list. */
  radioGroup: string;
  isDefault: boolean;
  speech?: SpeechSettings;
  voiceGroups?: readonly PickerGroup[];
  onEdit(patch: Partial<Draft>): void;
  /** Makes this persona the default, or none when it already is. */
  onDefault(on: boolean): void;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  const groups = useProvidersStore((s) => s.groups);
  const providerName = useProviderName();
  return (
    <li className="prompt-item">
      <Field label={t('personas.settings.name')}>
        {(f) => <input {...f} dir="auto" value={p.name} onChange={(e) => onEdit({ name: e.target.value })} />}
      </Field>
      <Field label={t('personas.settings.systemPrompt')}>
        {(f) => <textarea {...f} dir="auto" rows={4} value={p.systemPrompt} onChange={(e) => onEdit({ systemPrompt: e.target.value })} />}
      </Field>
      <Field label={t('personas.settings.model')}>
        {(f) => (
          <select
            {...f}
            value={p.model ? `${p.model.providerId}${SEPARATOR}${p.model.model}` : ''}
            onChange={(e) => {
              const [providerId, model] = e.target.value.split(SEPARATOR);
              onEdit({ model: providerId && model ? { providerId, model } : undefined });
            }}
          >
            <option value="">{t('personas.settings.anyModel')}</option>
            {groups.map((g) => (
              <optgroup key={g.providerId} label={providerName(g.provider)}>
                {g.models.map((m) => (
                  <option key={m.id} value={`${g.providerId}${SEPARATOR}${m.id}`}>
                    {m.label ?? m.id}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('personas.settings.temperature')}>
        {(f) => (
          <input {...f} inputMode="decimal" dir="ltr" value={p.temperature} onChange={(e) => onEdit({ temperature: e.target.value })} />
        )}
      </Field>
      <Field label={t('personas.settings.voice')}>
        {(f) => (
          <VoiceSelect
            {...f}
            value={p.voice && speech?.engine === p.voice.engine ? p.voice.voice : p.voice ? KEPT : ''}
            groups={voiceGroups ?? []}
            onChange={(voice) => {
              if (voice === KEPT || !speech) return;
              onEdit({ voice: voice ? { engine: speech.engine, voice } : undefined });
            }}
          >
            <option value="">{t('personas.settings.settingsVoice')}</option>
            {p.voice && speech && p.voice.engine !== speech.engine && (
              <option value={KEPT}>{t('personas.settings.otherEngineVoice', { voice: p.voice.voice })}</option>
            )}
          </VoiceSelect>
        )}
      </Field>
      <div className="prompt-item-row">
        <CheckField label={t('personas.settings.default')}>
          <input
            type="radio"
            name={radioGroup}
            checked={isDefault}
            onChange={() => onDefault(true)}
            onClick={() => isDefault && onDefault(false)}
          />
        </CheckField>
        <IconButton
          size="sm"
          variant="danger"
          icon={<Trash2 size={16} />}
          label={t('personas.settings.remove', { name: p.name.trim() || t('personas.settings.untitled') })}
          onClick={onRemove}
        />
      </div>
    </li>
  );
}
