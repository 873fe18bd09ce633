import { useTranslation } from 'react-i18next';
import type { SpeechSettings } from '../../lib/speech/speech-settings';
import { Field } from '../ui/Field';
import { KeyField, UrlField } from './SpeechFields';

interface Props {
  settings: SpeechSettings;
  providers: { id: string; name: string }[];
  keyField: { keySet: boolean; typed?: string; onType(value: string): void; onSave(): void };
  showOwnKey: boolean;
  onChange(patch: Partial<SpeechSettings['openai']>): void;
}

/** Which OpenAI key speech uses: a configured provider's, or one saved for speech alone. */
export function OpenAIAccessFields({ settings, providers, keyField, showOwnKey, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t('speech.settings.keySource')}>
        {(p) => (
          <select {...p} value={settings.openai.keySource} onChange={(e) => onChange({ keySource: e.target.value })}>
            <option value="auto">{t('speech.settings.keyAuto')}</option>
            <option value="own">{t('speech.settings.keyOwn')}</option>
            {providers.map((provider) => (
              <option key={provider.id} value={provider.id}>
                {provider.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {showOwnKey && (
        <>
          <UrlField
            label={t('speech.settings.openaiBaseUrl')}
            value={settings.openai.baseUrl}
            onCommit={(baseUrl) => onChange({ baseUrl })}
          />
          <KeyField label={t('speech.settings.openaiKey')} {...keyField} />
        </>
      )}
    </>
  );
}
