import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/messaging/client';
import { SUPPORTED_LOCALES } from '../../lib/i18n/languages';
import { pickerLocale } from '../../lib/speech/speech-settings';
import { neuralVoiceOptions, openaiVoiceOptions } from '../../lib/speech/voices';
import { useSpeechSettings } from '../speech/use-speech-settings';
import { VoicePicker } from '../speech/VoicePicker';
import type { PickerGroup } from '../speech/VoiceSelect';

/**
 * The voice list of the engine that reads pages (chosen in Settings), as the
 * speech settings show it; a change is saved at once and heard from the next
 * sentence the background speaks.
 */
export function ReaderVoiceChooser() {
  const { t, i18n } = useTranslation();
  const [settings, update] = useSpeechSettings();
  const [browserGroups, setBrowserGroups] = useState<PickerGroup[]>();

  useEffect(() => {
    // Pages are read by the background, so its voices (chrome.tts, or Firefox's speechSynthesis) are the ones that count.
    request('speech.browserVoices', {}).then(
      ({ groups }) => setBrowserGroups(groups),
      () => setBrowserGroups([]),
    );
  }, []);

  if (!settings) return null;
  const engine = settings.engine;
  const choice = settings.voices[engine];
  const groups: PickerGroup[] =
    engine === 'openai'
      ? [{ voices: openaiVoiceOptions(settings.openai.model) }]
      : engine === 'browser'
        ? (browserGroups ?? [])
        : SUPPORTED_LOCALES.map(({ code }) => ({ locale: code, voices: neuralVoiceOptions(code) }));
  if (engine === 'browser' && browserGroups && !browserGroups.length) return <p>{t('speech.settings.noBrowserVoices')}</p>;

  return (
    <div className="reader-voice">
      <VoicePicker
        key={engine}
        groups={groups}
        value={choice.voice}
        locale={choice.locale ?? pickerLocale(settings, i18n.language)}
        allowDefault={engine === 'browser'}
        onChange={(voice, locale) =>
          update((s) => ({ ...s, voices: { ...s.voices, [engine]: { ...s.voices[engine], voice, ...(locale ? { locale } : {}) } } }))
        }
      />
    </div>
  );
}
