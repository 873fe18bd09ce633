import type { LocaleCode } from '../i18n/languages';
import type { VoiceOption } from './voices';

import type { SpeechEngineId } from '../core/speech-engines';

export interface SpeakOptions {
  /** A VoiceOption value from the same engine's listVoices. */
  voice: string;
  /** 1 is normal speed. */
  rate?: number;
  /** 1 is normal pitch; engines without pitch control ignore it. */
  pitch?: number;
  /** Aborting stops speech; speak then settles. */
  signal?: AbortSignal;
  /** Word or sentence boundary as offsets into the spoken text, for highlighting. */
  onBoundary?(charIndex: number, charLength: number): void;
  onStart?(): void;
  /**
   * A cloud voice is waiting for its service to synthesize the first audio: no sound can come before `audio`
   * settles, however long the service takes (its own timeout bounds that).
   */
  onSynthesis?(audio: Promise<unknown>): void;
  onEnd?(): void;
}

export interface SpeechEngine {
  readonly id: SpeechEngineId;
  /** Voices for one locale, or for all supported locales merged without duplicates. */
  listVoices(locale?: LocaleCode): Promise<VoiceOption[]>;
  /** Resolves when speech ends or is stopped; fails with a ChatFailure so the UI can localise by code. */
  speak(text: string, options: SpeakOptions): Promise<void>;
  /** Engines that synthesize remotely start on the next sentence early, so reading has no gaps. */
  prepare?(text: string, options: Pick<SpeakOptions, 'voice' | 'rate' | 'pitch'>): void;
}

export interface SpeechSupport {
  synthesis: boolean;
  recognition: boolean;
}

const isFunction = (value: unknown) => typeof value === 'function';

/**
 * What a global scope (window, a worker's self, or a test double) can do.
 * Synthesis is the Web Speech API's synthesis pair or the extension's
 * chrome.tts, which is all a service worker has.
 */
export function detectSpeechSupport(globalObject: object): SpeechSupport {
  const scope = globalObject as Record<string, unknown>;
  const chromeTts = (scope.chrome as { tts?: { speak?: unknown } } | undefined)?.tts;
  return {
    synthesis:
      (typeof scope.speechSynthesis === 'object' && scope.speechSynthesis !== null && isFunction(scope.SpeechSynthesisUtterance)) ||
      isFunction(chromeTts?.speak),
    recognition: isFunction(scope.SpeechRecognition) || isFunction(scope.webkitSpeechRecognition),
  };
}
