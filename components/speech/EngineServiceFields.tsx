import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OPENAI_AUDIO_FORMATS, type SpeechSettings } from '../../lib/speech/speech-settings';
import { OPENAI_TTS_MODELS } from '../../lib/speech/voices';
import { Field } from '../ui/Field';
import { CommitInput, KeyField, UrlField, ValueField } from './SpeechFields';

type SetService = <K extends 'openai' | 'azure' | 'edge'>(key: K, patch: Partial<SpeechSettings[K]>) => void;

/** The chosen cloud engine's own settings: OpenAI's access, model and format, Azure's region and key, Edge's address. */
export function EngineServiceFields({
  settings,
  openaiAccess,
  azureKey,
  set,
}: {
  settings: SpeechSettings;
  openaiAccess: ReactNode;
  azureKey: { keySet: boolean; typed?: string; onType(value: string): void; onSave(): void };
  set: SetService;
}) {
  const { t } = useTranslation();
  switch (settings.engine) {
    case 'openai':
      return (
        <fieldset>
          <legend>{t('speech.settings.openaiTitle')}</legend>
          {openaiAccess}
          <ValueField
            label={t('speech.settings.speechModel')}
            value={settings.openai.model}
            values={OPENAI_TTS_MODELS}
            onChange={(model) => set('openai', { model })}
          />
          <ValueField
            label={t('speech.settings.audioFormat')}
            value={settings.openai.format}
            values={OPENAI_AUDIO_FORMATS}
            onChange={(format) => set('openai', { format })}
          />
        </fieldset>
      );
    case 'azure':
      return (
        <fieldset>
          <legend>{t('speech.settings.azureTitle')}</legend>
          <Field label={t('speech.settings.azureRegion')}>
            {(p) => (
              <CommitInput
                {...p}
                dir="ltr"
                spellCheck={false}
                value={settings.azure.region}
                onCommit={(region) => set('azure', { region })}
              />
            )}
          </Field>
          <KeyField label={t('speech.settings.azureKey')} {...azureKey} />
          <UrlField
            label={t('speech.settings.azureEndpoint')}
            hint={t('speech.settings.azureEndpointHint')}
            value={settings.azure.endpoint}
            onCommit={(endpoint) => set('azure', { endpoint })}
          />
        </fieldset>
      );
    case 'edge':
      return (
        <fieldset>
          <legend>{t('speech.settings.edgeTitle')}</legend>
          <p className="speech-hint">{t('speech.settings.edgeHint')}</p>
          <UrlField
            label={t('speech.settings.edgeEndpoint')}
            value={settings.edge.endpoint}
            onCommit={(endpoint) => set('edge', { endpoint })}
          />
        </fieldset>
      );
    default:
      return null;
  }
}
