import { useEffect, useState } from 'react';
import { getPref, setPref } from '../../lib/storage/prefs';

/** The two choices of whether text handed over from a page is sent at once or waits in the composer. */
export type SendPref = 'quickActionSendsImmediately' | 'askSendsImmediately';
export type SendPrefs = Record<SendPref, boolean>;

/** Reads both choices as they are stored now: a hand-off follows a change made a moment ago in another panel. */
export async function readSendPrefs(): Promise<SendPrefs> {
  const [quickActionSendsImmediately, askSendsImmediately] = await Promise.all([
    getPref('quickActionSendsImmediately'),
    getPref('askSendsImmediately'),
  ]);
  return { quickActionSendsImmediately, askSendsImmediately };
}

/** Both choices (undefined until read) and a way to flip one, shown at once and saved behind. */
export function useSendPrefs(): [SendPrefs | undefined, (key: SendPref, value: boolean) => void] {
  const [prefs, setPrefs] = useState<SendPrefs>();
  useEffect(() => void readSendPrefs().then(setPrefs), []);
  const flip = (key: SendPref, value: boolean) => {
    setPrefs((s) => s && { ...s, [key]: value });
    void setPref(key, value);
  };
  return [prefs, flip];
}
