import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SpeechEngineId } from '../../lib/core/speech-engines';
import { PITCH_RANGE, RATE_RANGE, pickerLocale, type SpeechSettings, type VoiceChoice } from '../../lib/speech/speech-settings';
import { CheckField, Field } from '../ui/Field';
import { PercentRange } from './SpeechFields';
import { SpeechErrorNotice } from './SpeechErrorNotice';
import { useEngineVoices } from './use-engine-voices';
import { useVoicePreview } from './use-voice-preview';
import { VoicePicker } from './VoicePicker';

type Family = 'browser' | 'microsoft' | 'openai';
const familyOf = (engine: SpeechEngineId): Family => (engine === 'azure' || engine === 'edge' ? 'microsoft' : engine);

/** Which engine reads aloud, its voice, speed and pitch, and a preview of them. */
export function VoiceFields({
  settings,
  setEngine,
  setChoice,
}: {
  settings: SpeechSettings;
  setEngine(engine: SpeechEngineId): void;
  setChoice(patch: Partial<VoiceChoice>): void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const voiceGroups = useEngineVoices(settings);
  const engine = settings.engine;
  const family = familyOf(engine);
  const choice = settings.voices[engine];
  const preview = useVoicePreview(settings, engine);

  return (
    <fieldset>
      <legend>{t('speech.settings.voices')}</legend>
      {(['browser', 'microsoft', 'openai'] as const).map((f) => (
        <CheckField key={f} label={t(`speech.settings.family.${f}`)}>
          <input type="radio" name={`${id}-family`} checked={family === f} onChange={() => setEngine(f === 'microsoft' ? 'edge' : f)} />
        </CheckField>
      ))}
      {family === 'microsoft' && (
        <Field label={t('speech.settings.microsoftService')}>
          {(p) => (
            <select {...p} value={engine} onChange={(e) => setEngine(e.target.value as 'edge' | 'azure')}>
              <option value="edge">{t('speech.settings.service.edge')}</option>
              <option value="azure">{t('speech.settings.service.azure')}</option>
            </select>
          )}
        </Field>
      )}

      {voiceGroups && !voiceGroups.length ? (
        <p className="speech-hint">{t('speech.settings.noBrowserVoices')}</p>
      ) : (
        <VoicePicker
          key={engine}
          groups={voiceGroups ?? []}
          value={choice.voice}
          locale={choice.locale ?? pickerLocale(settings, i18n.language)}
          allowDefault={engine === 'browser'}
          onChange={(voice, locale) => setChoice({ voice, ...(locale ? { locale } : {}) })}
        />
      )}

      <Field label={t('speech.settings.rate')}>
        {(p) => <PercentRange {...p} range={RATE_RANGE} value={choice.rate} onChange={(rate) => setChoice({ rate })} />}
      </Field>
      <Field label={t('speech.settings.pitch')} hint={engine === 'openai' ? t('speech.settings.noPitch') : undefined}>
        {(p) => (
          <PercentRange
            {...p}
            range={PITCH_RANGE}
            value={choice.pitch}
            disabled={engine === 'openai'}
            onChange={(pitch) => setChoice({ pitch })}
          />
        )}
      </Field>
      <div className="row">
        <button type="button" className="button" onClick={() => void preview.toggle()}>
          {preview.playing ? t('speech.settings.stopPreview') : t('speech.settings.preview')}
        </button>
      </div>
      {preview.error && <SpeechErrorNotice error={preview.error} />}
    </fieldset>
  );
}
