import { useEffect, useState } from 'react';
import { request } from '../../lib/messaging/client';
import type { VoiceGroup } from '../../lib/messaging/speech-protocol';
import { webSpeechOf } from '../../lib/speech/engines/web-speech';
import { SUPPORTED_LOCALES } from '../../lib/i18n/languages';
import type { SpeechSettings } from '../../lib/speech/speech-settings';
import { browserVoicesByLocale, neuralVoiceOptions, openaiVoiceOptions } from '../../lib/speech/voices';
import type { PickerGroup } from './VoiceSelect';

/** The browser's voices: the background's (chrome.tts, or Firefox's speechSynthesis), else this page's speechSynthesis. */
async function browserGroups(): Promise<PickerGroup[]> {
  const { groups } = await request('speech.browserVoices', {}).catch(() => ({ groups: [] as VoiceGroup[] }));
  if (groups.length) return groups;
  const speech = webSpeechOf(globalThis);
  if (!speech) return [];
  const voices = speech.synthesis.getVoices();
  const grouped = browserVoicesByLocale(voices);
  return SUPPORTED_LOCALES.flatMap(({ code }) => (grouped.get(code)?.length ? [{ locale: code, voices: grouped.get(code)! }] : []));
}

const neuralGroups: PickerGroup[] = SUPPORTED_LOCALES.map(({ code }) => ({ locale: code, voices: neuralVoiceOptions(code) }));

/**
 * The voices of the engine chosen in Settings › Speech, by language (OpenAI's speak every language, so form one group):
 * what the speech settings and a persona's voice offer. Undefined while the browser's voices are listed; the browser
 * reporting none gives an empty list.
 */
export function useEngineVoices(settings: SpeechSettings | undefined): PickerGroup[] | undefined {
  const [browserVoices, setBrowserVoices] = useState<PickerGroup[]>();
  useEffect(() => {
    void browserGroups().then(setBrowserVoices);
  }, []);
  if (!settings) return undefined;
  if (settings.engine === 'openai') return [{ voices: openaiVoiceOptions(settings.openai.model) }];
  return settings.engine === 'browser' ? browserVoices : neuralGroups;
}
