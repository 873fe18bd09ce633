import type { ChatFailure } from '../../core/errors';

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Both browser speech APIs take rate 0.1–10 and pitch 0–2; chrome.tts refuses values outside them instead of clamping. */
export function browserProsody(rate: number, pitch: number): { rate: number; pitch: number } {
  return { rate: clamp(rate, 0.1, 10), pitch: clamp(pitch, 0, 2) };
}

export interface UtteranceSettler {
  readonly settled: boolean;
  settle(error?: ChatFailure): void;
}

/**
 * Settles one utterance's promise exactly once: the browser may still report
 * events after a stop, and aborting `signal` stops the voice and resolves.
 */
export function settleUtterance(
  signal: AbortSignal | undefined,
  stop: () => void,
  resolve: () => void,
  reject: (error: ChatFailure) => void,
  onSettle?: () => void,
): UtteranceSettler {
  let settled = false;
  const settle = (error?: ChatFailure) => {
    if (settled) return;
    settled = true;
    onSettle?.();
    signal?.removeEventListener('abort', abort);
    if (error) reject(error);
    else resolve();
  };
  const abort = () => {
    stop();
    settle();
  };
  signal?.addEventListener('abort', abort, { once: true });
  return {
    get settled() {
      return settled;
    },
    settle,
  };
}
