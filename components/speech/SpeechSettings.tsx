import { useTranslation } from 'react-i18next';
import type { SpeechEngineId } from '../../lib/core/speech-engines';
import type { SpeechSettings as Settings, VoiceChoice } from '../../lib/speech/speech-settings';
import { useProvidersStore } from '../state/providers-store';
import { CheckField } from '../ui/Field';
import { DictationFields } from './DictationFields';
import { EngineServiceFields } from './EngineServiceFields';
import { OpenAIAccessFields } from './OpenAIAccessFields';
import { SpeechErrorNotice } from './SpeechErrorNotice';
import { useSpeechKeys } from './use-speech-keys';
import { useSpeechSettings } from './use-speech-settings';
import { VoiceFields } from './VoiceFields';
import './speech.css';

/** Voices, speed, pitch and keys for each engine, a preview, auto-read and dictation. */
export function SpeechSettings() {
  const { t } = useTranslation();
  const [settings, update] = useSpeechSettings();
  const providers = useProvidersStore((s) => s.providers).filter((p) => p.kind === 'openai' || p.kind === 'openai-compatible');
  const keys = useSpeechKeys();

  if (!settings) return null;
  const engine = settings.engine;

  const setEngine = (next: SpeechEngineId) => update((s) => ({ ...s, engine: next }));
  const setChoice = (patch: Partial<VoiceChoice>) =>
    update((s) => ({ ...s, voices: { ...s.voices, [s.engine]: { ...s.voices[s.engine], ...patch } } }));
  const set = <K extends 'openai' | 'azure' | 'edge' | 'dictation'>(key: K, patch: Partial<Settings[K]>) =>
    update((s) => ({ ...s, [key]: { ...s[key], ...patch } }));

  const keyFromProvider =
    settings.openai.keySource !== 'own' && (settings.openai.keySource !== 'auto' || providers.some((p) => p.kind === 'openai'));
  // Shown with the OpenAI voice, or else with dictation, which may transcribe through OpenAI.
  const openaiAccess = (
    <OpenAIAccessFields
      settings={settings}
      providers={providers}
      keyField={keys.field('openai')}
      onChange={(patch) => set('openai', patch)}
      showOwnKey={!keyFromProvider}
    />
  );

  return (
    <div className="speech-settings">
      <VoiceFields settings={settings} setEngine={setEngine} setChoice={setChoice} />
      <EngineServiceFields settings={settings} openaiAccess={openaiAccess} azureKey={keys.field('azure')} set={set} />
      {keys.error && <SpeechErrorNotice error={keys.error} />}

      <CheckField label={t('speech.settings.autoRead')}>
        <input type="checkbox" checked={settings.autoRead} onChange={(e) => update((s) => ({ ...s, autoRead: e.target.checked }))} />
      </CheckField>

      <DictationFields
        settings={settings}
        openaiAccess={engine !== 'openai' && openaiAccess}
        onChange={(patch) => set('dictation', patch)}
      />
    </div>
  );
}
