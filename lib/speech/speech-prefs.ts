import { getPref, setPref } from '../storage/prefs';
import { normalizeSpeechSettings, type SpeechSettings } from './speech-settings';

export async function loadSpeechSettings(): Promise<SpeechSettings> {
  return normalizeSpeechSettings(await getPref('speech'));
}

export async function saveSpeechSettings(settings: SpeechSettings): Promise<void> {
  await setPref('speech', normalizeSpeechSettings(settings));
}
