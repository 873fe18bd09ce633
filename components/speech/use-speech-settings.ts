import { useEffect } from 'react';
import { create } from 'zustand';
import { onStorageChange } from '../../lib/storage/change-feed';
import type { SpeechSettings } from '../../lib/speech/speech-settings';
import { speechPrefs } from './lazy-speech-prefs';

interface SpeechSettingsState {
  settings?: SpeechSettings;
}

/** One copy of the speech settings for the whole panel, kept in step with every other context. */
const useStore = create<SpeechSettingsState>(() => ({}));

let following = false;

function follow(): void {
  if (following) return;
  following = true;
  const reload = () => void speechPrefs().then(async (m) => useStore.setState({ settings: await m.loadSpeechSettings() }));
  reload();
  onStorageChange((change) => {
    if (change.type === 'prefs' && change.id === 'speech') reload();
  });
}

/** The speech settings (undefined until loaded) and a way to change them, settling once the change is saved. */
export function useSpeechSettings(): [SpeechSettings | undefined, (change: (current: SpeechSettings) => SpeechSettings) => Promise<void>] {
  useEffect(follow, []);
  const settings = useStore((s) => s.settings);
  const update = async (change: (current: SpeechSettings) => SpeechSettings) => {
    const current = useStore.getState().settings;
    if (!current) return;
    const next = change(current);
    useStore.setState({ settings: next });
    await (await speechPrefs()).saveSpeechSettings(next);
  };
  return [settings, update];
}
