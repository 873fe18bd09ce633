import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SpeechEngineId } from '../../lib/core/speech-engines';
import { Button } from '../ui/Button';
import { useSpeechSettings } from '../speech/use-speech-settings';
import { dismissReaderFailure, startReading } from './reader-start';

/**
 * The engine to try when the one that reads made no sound: after the browser's voices, Edge's (online, no key,
 * nothing to set up); after a cloud voice, the browser's.
 */
export const otherEngine = (engine: SpeechEngineId): SpeechEngineId => (engine === 'browser' ? 'edge' : 'browser');

/** Switches reading to another speech engine (saved in the speech settings, where it can be changed back) and reads again. */
export function OtherEngineButton() {
  const { t } = useTranslation();
  const [settings, update] = useSpeechSettings();
  const [busy, setBusy] = useState(false);
  if (!settings) return null;
  const other = otherEngine(settings.engine);
  const readWithOther = async () => {
    setBusy(true);
    try {
      // Saved first: the background reads the engine from the settings at every sentence.
      await update((s) => ({ ...s, engine: other }));
      dismissReaderFailure();
      await startReading(undefined);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button className="reader-other-engine" disabled={busy} onClick={() => void readWithOther()}>
      {t(`reader.otherEngine.${other === 'edge' ? 'edge' : 'browser'}`)}
    </Button>
  );
}
