import { chatError, type ChatError, type ChatErrorCode } from '../core/errors';
import { joinTranscripts } from './dictation';

/** The part of the Web Speech API's SpeechRecognition that dictation uses. */
export interface RecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  start(): void;
  stop(): void;
  abort(): void;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }> }) => void) | null;
  onerror: ((event: { error: string; message?: string }) => void) | null;
  onend: (() => void) | null;
}

export type RecognitionConstructor = new () => RecognitionLike;

/**
 * The page's speech recognition constructor, looked up when dictation
 * starts: Chrome has it prefixed, Firefox not at all.
 */
export function recognitionConstructor(scope: object = globalThis): RecognitionConstructor | undefined {
  const s = scope as { SpeechRecognition?: unknown; webkitSpeechRecognition?: unknown };
  const ctor = s.SpeechRecognition ?? s.webkitSpeechRecognition;
  return typeof ctor === 'function' ? (ctor as RecognitionConstructor) : undefined;
}

const ERROR_CODES: Record<string, ChatErrorCode> = {
  'not-allowed': 'forbidden',
  'service-not-allowed': 'forbidden',
  'audio-capture': 'not-found',
  network: 'network',
  'language-not-supported': 'unsupported',
};

/** `type` keeps the recognizer's own error name, for the one message that fits it. */
function recognitionError(error: string, message?: string): ChatError {
  return chatError(ERROR_CODES[error] ?? 'unknown', message || `Speech recognition failed: ${error}`, { type: `recognition:${error}` });
}

export interface RecognitionCallbacks {
  /** Everything heard so far: final words and the current guess. */
  onTranscript(transcript: string): void;
  onError(error: ChatError): void;
  /** Recognition is over: stopped, silent for too long, or after an error. */
  onEnd(): void;
}

export interface RecognitionHandle {
  /** Stops listening; what was heard so far still arrives. */
  stop(): void;
  /** Stops at once and drops any pending result. */
  abort(): void;
}

/** Continuous recognition with interim results, reporting the running transcript. */
export function startRecognition(Recognition: RecognitionConstructor, lang: string, callbacks: RecognitionCallbacks): RecognitionHandle {
  const recognition = new Recognition();
  recognition.lang = lang;
  recognition.continuous = true;
  recognition.interimResults = true;
  let ended = false;
  recognition.onresult = (event) => {
    if (ended) return;
    const parts: string[] = [];
    for (let i = 0; i < event.results.length; i++) parts.push(event.results[i]?.[0]?.transcript ?? '');
    callbacks.onTranscript(joinTranscripts(parts));
  };
  recognition.onerror = (event) => {
    // Silence and our own abort end recognition without anything to report.
    if (ended || event.error === 'no-speech' || event.error === 'aborted') return;
    callbacks.onError(recognitionError(event.error, event.message));
  };
  recognition.onend = () => {
    if (ended) return;
    ended = true;
    callbacks.onEnd();
  };
  recognition.start();
  return {
    stop: () => recognition.stop(),
    abort: () => {
      recognition.abort();
      if (ended) return;
      ended = true;
      callbacks.onEnd();
    },
  };
}
