import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toChatError, type ChatError } from '../../lib/core/errors';
import type { SpeechEngineId } from '../../lib/core/speech-engines';
import { localeOfLanguage } from '../../lib/i18n/languages';
import type { SpeechSettings } from '../../lib/speech/speech-settings';
import { voiceFor } from '../../lib/speech/voice-for';
import { panelEngine } from './panel-engines';

/** Reads a sample sentence in the chosen voice; the same button stops it, and leaving the settings does too. */
export function useVoicePreview(settings: SpeechSettings, engine: SpeechEngineId) {
  const { t, i18n } = useTranslation();
  const [preview, setPreview] = useState<{ playing: boolean; error?: ChatError }>({ playing: false });
  const previewStop = useRef<AbortController | undefined>(undefined);

  useEffect(() => () => previewStop.current?.abort(), []);

  const toggle = async () => {
    if (previewStop.current) {
      previewStop.current.abort();
      return;
    }
    const controller = new AbortController();
    previewStop.current = controller;
    setPreview({ playing: true });
    const voice = voiceFor(settings, engine, { fallbackLocale: localeOfLanguage(i18n.language) ?? 'en-US' });
    try {
      await panelEngine(engine, i18n.language).speak(t('speech.settings.previewText'), { ...voice, signal: controller.signal });
      setPreview({ playing: false });
    } catch (error) {
      setPreview({ playing: false, error: toChatError(error) });
    } finally {
      if (previewStop.current === controller) previewStop.current = undefined;
    }
  };

  return { ...preview, toggle };
}
