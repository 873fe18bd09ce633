import { ChatFailure, chatError } from '../../core/errors';
import type { SpeechEngine } from '../engine';
import { browserProsody, settleUtterance } from './browser-speech';
import type { LocaleCode } from '../../i18n/languages';
import { browserVoiceOptions, type ReportedVoice } from '../voices';

/** The part of chrome.tts the engine uses, so tests can stand in for the browser. */
export type ChromeTts = Pick<typeof chrome.tts, 'speak' | 'stop' | 'getVoices'>;

export interface ChromeTtsEngineOptions {
  /** Language of the text, used to pick a voice when none is named. */
  lang?: string;
}

/** chrome.tts voices by name; a voice without one cannot be asked for. */
export async function chromeTtsVoices(tts: Pick<ChromeTts, 'getVoices'>): Promise<ReportedVoice[]> {
  return (await tts.getVoices()).flatMap((v) => (v.voiceName ? [{ name: v.voiceName, lang: v.lang ?? '' }] : []));
}

/**
 * The browser's own voices through chrome.tts, which works in the service
 * worker, so reading needs no offscreen document and goes on when the panel
 * closes. chrome.tts has one queue per extension: speaking interrupts
 * whatever the extension was saying, and aborting stops it all.
 */
export function createChromeTtsEngine(tts: ChromeTts, options: ChromeTtsEngineOptions = {}): SpeechEngine {
  return {
    id: 'browser',

    async listVoices(locale?: LocaleCode) {
      return browserVoiceOptions(await chromeTtsVoices(tts), locale);
    },

    speak(text, { voice, rate = 1, pitch = 1, signal, onBoundary, onStart, onEnd }) {
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) {
          resolve();
          return;
        }
        const utterance = settleUtterance(signal, () => tts.stop(), resolve, reject);
        const { settle } = utterance;

        tts
          .speak(text, {
            ...(voice ? { voiceName: voice } : options.lang ? { lang: options.lang } : {}),
            ...browserProsody(rate, pitch),
            enqueue: false,
            onEvent: (event) => {
              if (utterance.settled) return;
              switch (event.type) {
                case 'start':
                  onStart?.();
                  break;
                case 'word':
                  // length is -1 when the voice does not say; the caller finds the word itself.
                  if (event.charIndex !== undefined) onBoundary?.(event.charIndex, event.length ?? -1);
                  break;
                case 'end':
                  onEnd?.();
                  settle();
                  break;
                case 'interrupted':
                case 'cancelled':
                  settle();
                  break;
                case 'error':
                  settle(new ChatFailure(chatError('unknown', `Speech failed: ${event.errorMessage ?? 'unknown error'}`, { type: 'tts' })));
                  break;
              }
            },
          })
          .catch((error: unknown) => {
            const message = error instanceof Error ? error.message : String(error);
            settle(new ChatFailure(chatError('unsupported', `The browser refused to speak: ${message}`, { type: 'tts' })));
          });
      });
    },
  };
}
