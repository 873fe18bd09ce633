import { ChatFailure, chatError } from '../../core/errors';
import type { SpeechEngine } from '../engine';
import type { LocaleCode } from '../../i18n/languages';
import { browserVoiceOptions } from '../voices';
import { browserProsody, settleUtterance } from './browser-speech';

/** The parts of the Web Speech API's synthesis the engine uses, so tests can stand in for the browser. */
export interface WebSpeech {
  synthesis: Pick<SpeechSynthesis, 'speak' | 'cancel' | 'getVoices' | 'addEventListener' | 'removeEventListener'>;
  Utterance: new (text: string) => SpeechSynthesisUtterance;
}

export interface WebSpeechEngineOptions {
  /** Language of the text, used when no voice is named. */
  lang?: string;
  /** How long listVoices waits for a browser that loads its voices late. */
  voicesTimeoutMs?: number;
}

/** The Web Speech API in this page, if it has one. */
export function webSpeechOf(scope: object = globalThis): WebSpeech | undefined {
  const s = scope as { speechSynthesis?: SpeechSynthesis; SpeechSynthesisUtterance?: WebSpeech['Utterance'] };
  return s.speechSynthesis && s.SpeechSynthesisUtterance
    ? { synthesis: s.speechSynthesis, Utterance: s.SpeechSynthesisUtterance }
    : undefined;
}

/**
 * speechSynthesis.getVoices() is empty until the browser has loaded its
 * voices, which it announces with `voiceschanged` (Chrome does this on first
 * use); wait for that once, briefly.
 */
export function loadedVoices(synthesis: WebSpeech['synthesis'], timeoutMs: number): Promise<SpeechSynthesisVoice[]> {
  const now = synthesis.getVoices();
  if (now.length) return Promise.resolve(now);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      synthesis.removeEventListener('voiceschanged', done);
      resolve(synthesis.getVoices());
    };
    const timer = setTimeout(done, timeoutMs);
    synthesis.addEventListener('voiceschanged', done);
  });
}

/**
 * The browser's voices through speechSynthesis, for extension pages (the
 * panel, Firefox's sidebar) where audio can play. The browser has one
 * speech queue per page, so speaking interrupts whatever the page was saying.
 */
export function createWebSpeechEngine(speech: WebSpeech, options: WebSpeechEngineOptions = {}): SpeechEngine {
  const { synthesis, Utterance } = speech;
  // Chrome drops an utterance's events once nothing references it, so utterances in flight are held here.
  const live = new Set<SpeechSynthesisUtterance>();

  return {
    id: 'browser',

    async listVoices(locale?: LocaleCode) {
      const voices = await loadedVoices(synthesis, options.voicesTimeoutMs ?? 1500);
      return browserVoiceOptions(voices, locale);
    },

    async speak(text, { voice, rate = 1, pitch = 1, signal, onBoundary, onStart, onEnd }) {
      if (signal?.aborted) return;
      const voices = voice ? await loadedVoices(synthesis, options.voicesTimeoutMs ?? 1500) : [];
      if (signal?.aborted) return;
      await new Promise<void>((resolve, reject) => {
        const utterance = new Utterance(text);
        const chosen = voices.find((v) => v.name === voice);
        if (chosen) {
          utterance.voice = chosen;
          utterance.lang = chosen.lang;
        } else if (options.lang) {
          utterance.lang = options.lang;
        }
        Object.assign(utterance, browserProsody(rate, pitch));
        live.add(utterance);
        const settler = settleUtterance(
          signal,
          () => synthesis.cancel(),
          resolve,
          reject,
          () => live.delete(utterance),
        );
        const { settle } = settler;
        utterance.onstart = () => {
          if (!settler.settled) onStart?.();
        };
        utterance.onboundary = (event) => {
          if (settler.settled || event.name !== 'word') return;
          // charLength is 0 or missing where the voice does not say; the caller finds the word itself.
          onBoundary?.(event.charIndex, event.charLength > 0 ? event.charLength : -1);
        };
        utterance.onend = () => {
          if (settler.settled) return;
          onEnd?.();
          settle();
        };
        utterance.onerror = (event) => {
          if (event.error === 'interrupted' || event.error === 'canceled') settle();
          else
            settle(
              new ChatFailure(
                chatError(event.error === 'not-allowed' ? 'forbidden' : 'unsupported', `Speech failed: ${event.error}`, { type: 'tts' }),
              ),
            );
        };
        // Whatever this page was saying (a preview, the last answer) gives way.
        synthesis.cancel();
        synthesis.speak(utterance);
      });
    },
  };
}
