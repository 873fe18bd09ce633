import { ChatFailure, chatError } from '../core/errors';
import type { CloudEngineId } from '../speech/cloud-keys';
import type { AudioSink, SynthesisParams, SynthesizedAudio } from '../speech/audio-engine';
import { cloudEngineCache } from '../speech/cloud-engines';
import type { SpeakOptions, SpeechEngine } from '../speech/engine';
import { createBrowserVoiceEngine, type BrowserVoiceApi } from '../speech/engines/browser-voices';
import type { SpeechSettings } from '../speech/speech-settings';
import { voiceFor } from '../speech/voice-for';

export interface ReaderEngineDeps {
  /** Read at every sentence, so a change in the speech settings applies to the next one. */
  settings(): Promise<SpeechSettings>;
  synthesize(engine: CloudEngineId, text: string, params: SynthesisParams, signal: AbortSignal): Promise<SynthesizedAudio>;
  /** Where cloud audio plays; throws a ChatFailure where the background cannot play audio. */
  sink(): AudioSink;
  /** The browser's own voices: chrome.tts (Chrome), speechSynthesis (Firefox), or undefined where there are none. */
  browserVoices(): BrowserVoiceApi | undefined;
}

/** What the reader's engine speaks with: the settings' engine and voice, the reader's speed times the voice's. */
interface Spoken {
  engine: SpeechSettings['engine'];
  options: Pick<SpeakOptions, 'voice' | 'rate' | 'pitch'>;
}

/**
 * The page reader's engines: each speaks with whichever engine the speech
 * settings name, looked up at every sentence. Cloud engines are made once
 * and kept, so a sentence prepared while the one before plays is found by the
 * speak that follows.
 */
export function createReaderEngines(deps: ReaderEngineDeps): (lang: string) => SpeechEngine {
  const cloudEngine = cloudEngineCache(deps);
  let engineInUse: SpeechSettings['engine'] = 'browser';

  const browserEngine = (lang?: string): SpeechEngine => {
    const api = deps.browserVoices();
    if (!api) throw new ChatFailure(chatError('unsupported', 'This browser has no speech synthesis.', { type: 'tts' }));
    return createBrowserVoiceEngine(api, lang);
  };

  return (lang) => {
    // Speak and prepare must agree to the digit, or the prepared audio is never used.
    const spokenWith = async (options: Pick<SpeakOptions, 'voice' | 'rate'>): Promise<Spoken> => {
      const settings = await deps.settings();
      const chosen = voiceFor(settings, settings.engine, { lang });
      return {
        engine: settings.engine,
        options: { voice: options.voice || chosen.voice, rate: (options.rate ?? 1) * chosen.rate, pitch: chosen.pitch },
      };
    };

    return {
      get id() {
        return engineInUse;
      },
      async listVoices(locale) {
        const settings = await deps.settings();
        if (settings.engine === 'browser') return browserEngine().listVoices(locale);
        return cloudEngine(settings.engine).listVoices(locale);
      },
      async speak(text, options) {
        const spoken = await spokenWith(options);
        engineInUse = spoken.engine;
        if (spoken.engine !== 'browser') return cloudEngine(spoken.engine).speak(text, { ...options, ...spoken.options });
        return browserEngine(lang).speak(text, { ...options, ...spoken.options });
      },
      prepare(text, options) {
        // The browser's voices need no head start; a failed prefetch shows when the speak that needed it synthesizes again.
        void spokenWith(options)
          .then((spoken) => {
            if (spoken.engine !== 'browser') cloudEngine(spoken.engine).prepare(text, spoken.options);
          })
          .catch(() => undefined);
      },
    };
  };
}
