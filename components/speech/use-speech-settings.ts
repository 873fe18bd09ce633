import { useEffect } from 'react';
import { create } from 'zustand';
import { onStorageChange } from '@/lib/storage/change-feed';
import { loadSpeechSettings, saveSpeechSettings } from '@/lib/speech/speech-prefs';
import type { SpeechSettings } from '@/lib/speech/speech-settings';

interface SpeechSettingsState {
  settings?: SpeechSettings;
}

/** One copy of the speech settings for the whole panel, kept in step with every other context. */
const useStore = create<SpeechSettingsState>(() => ({}));

let following = false;

function follow(): void {
  if (following) return;
  following = true;
  const reload = () => void loadSpeechSettings().then((settings) => useStore.setState({ settings }));
  reload();
  onStorageChange((change) => {
    if (change.type === 'prefs' && change.id === 'speech') reload();
  });
}

/** The speech settings (undefined until loaded) and a way to change them. */
export function useSpeechSettings(): [SpeechSettings | undefined, (change: (current: SpeechSettings) => SpeechSettings) => void] {
  useEffect(follow, []);
  const settings = useStore((s) => s.settings);
  const update = (change: (current: SpeechSettings) => SpeechSettings) => {
    const current = useStore.getState().settings;
    if (!current) return;
    const next = change(current);
    useStore.setState({ settings: next });
    void saveSpeechSettings(next);
  };
  return [settings, update];
}
