/**
 * What every provider's stream owes the registry, enforced once for all of
 * them: it must keep moving, and it must say it has finished. Adapters report
 * only what their wire said; the guard decides what silence means.
 */
import type { ChatEvent } from '../core/chat';
import { chatError } from '../core/errors';

export interface GuardOptions {
  /** The caller's signal (the user pressing Stop); it also ends the provider request. */
  signal: AbortSignal;
  /** How long the stream may go without any event before it is given up. */
  idleMs: number;
  provider?: string;
}

/** The idle timer's own reason for aborting, so it is never taken for the user stopping. */
class StreamStalled extends Error {
  constructor() {
    super('The provider stopped responding.');
    this.name = 'StreamStalled';
  }
}

/**
 * Runs `open(signal)` (an adapter's chat) under two rules:
 * - no event for `idleMs` aborts the provider request and ends the stream
 *   with 'stalled' (the text so far stays with the caller);
 * - a stream that ends with neither `finish` nor `error` ends with 'cut-off',
 *   unless the caller stopped it.
 */
export async function* guardStream(
  open: (signal: AbortSignal) => AsyncIterable<ChatEvent>,
  { signal, idleMs, provider }: GuardOptions,
): AsyncGenerator<ChatEvent> {
  const inner = new AbortController();
  const forward = () => inner.abort(signal.reason);
  if (signal.aborted) forward();
  else signal.addEventListener('abort', forward, { once: true });

  const iterator = open(inner.signal)[Symbol.asyncIterator]();
  let ended = false;
  try {
    for (;;) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const idle = new Promise<'idle'>((resolve) => {
        timer = setTimeout(() => resolve('idle'), idleMs);
      });
      const next = iterator.next();
      const step = await Promise.race([next, idle]).finally(() => clearTimeout(timer));
      if (step === 'idle') {
        inner.abort(new StreamStalled());
        // The adapter answers the abort with an error event of its own; nobody is listening any more.
        void next.then(() => iterator.return?.()).catch(() => undefined);
        ended = true;
        yield errorEvent(chatError('stalled', `No data from the provider for ${idleMs} ms; the request was stopped.`, { provider }));
        return;
      }
      if (step.done) break;
      if (step.value.type === 'finish' || step.value.type === 'error') ended = true;
      yield step.value;
    }
    if (!ended && !signal.aborted) {
      yield errorEvent(chatError('cut-off', 'The stream ended before the provider said the answer was finished.', { provider }));
    }
  } finally {
    signal.removeEventListener('abort', forward);
  }
}

function errorEvent(error: ReturnType<typeof chatError>): ChatEvent {
  return { type: 'error', error };
}
