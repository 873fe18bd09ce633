import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocaleCode } from '../../lib/i18n/languages';
import { TRANSCRIPTION_MODELS, type SpeechSettings } from '../../lib/speech/speech-settings';
import { LocaleOptions } from '../settings/LanguagePicker';
import { Field } from '../ui/Field';
import { ValueField } from './SpeechFields';

/** How dictation listens: in the browser or through OpenAI, in which language, with which model. */
export function DictationFields({
  settings,
  openaiAccess,
  onChange,
}: {
  settings: SpeechSettings;
  /** The OpenAI key fields, when the voice settings above do not already show them. */
  openaiAccess?: ReactNode;
  onChange(patch: Partial<SpeechSettings['dictation']>): void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend>{t('speech.settings.dictationTitle')}</legend>
      <Field label={t('speech.settings.dictationEngine')}>
        {(p) => (
          <select {...p} value={settings.dictation.engine} onChange={(e) => onChange({ engine: e.target.value as 'browser' | 'openai' })}>
            <option value="browser">{t('speech.settings.dictationBrowser')}</option>
            <option value="openai">{t('speech.settings.dictationOpenAI')}</option>
          </select>
        )}
      </Field>
      <Field label={t('speech.settings.dictationLanguage')}>
        {(p) => (
          <select {...p} value={settings.dictation.locale} onChange={(e) => onChange({ locale: e.target.value as LocaleCode | '' })}>
            <option value="">{t('speech.settings.interfaceLanguage')}</option>
            <LocaleOptions />
          </select>
        )}
      </Field>
      <ValueField
        label={t('speech.settings.transcriptionModel')}
        hint={t('speech.settings.transcriptionHint')}
        value={settings.dictation.model}
        values={TRANSCRIPTION_MODELS}
        onChange={(model) => onChange({ model })}
      />
      {openaiAccess}
    </fieldset>
  );
}
