import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toChatError, type ChatError } from '../../lib/core/errors';
import { request } from '../../lib/messaging/client';
import type { SpeechKeys } from '../../lib/messaging/speech-protocol';
import { showToast } from '../ui/toast';

export type KeyService = 'openai' | 'azure';

/** The speech services' keys: which are saved, what is typed and not yet saved, and why a save failed. */
export function useSpeechKeys() {
  const { t } = useTranslation();
  const [keys, setKeys] = useState<SpeechKeys>();
  const [typed, setTyped] = useState<Partial<Record<KeyService, string>>>({});
  const [error, setError] = useState<ChatError>();

  useEffect(() => {
    request('speech.keys', {}).then(setKeys, () => undefined);
  }, []);

  const type = (which: KeyService, value: string) => setTyped((k) => ({ ...k, [which]: value }));

  const save = async (which: KeyService) => {
    setError(undefined);
    try {
      setKeys(await request('speech.saveKeys', { [which]: typed[which] ?? '' }));
      setTyped((k) => ({ ...k, [which]: undefined }));
      showToast({ message: t('speech.settings.keySaved'), tone: 'success' });
    } catch (e) {
      setError(toChatError(e));
    }
  };

  /** The props of the key field of one service. */
  const field = (which: KeyService) => ({
    keySet: !!keys?.[which],
    typed: typed[which],
    onType: (value: string) => type(which, value),
    onSave: () => void save(which),
  });

  return { error, field };
}
