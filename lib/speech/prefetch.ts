import type { TextAudioCache } from './audio-cache';

export interface ChunkPlaybackOptions<A> {
  /** Turns one chunk into audio; should give up when `signal` aborts. */
  synthesize(text: string, signal: AbortSignal): Promise<A>;
  /** Plays one chunk's audio and settles when it has finished. */
  play(audio: A, index: number, signal: AbortSignal): Promise<void>;
  /** Consulted before synthesizing and filled after, e.g. AudioCache.scoped(...). */
  cache?: TextAudioCache<A>;
  /** Stops playback and abandons synthesis in flight. */
  signal?: AbortSignal;
}

export type PlaybackOutcome = 'finished' | 'stopped';

/** Settles with `promise`, or rejects as soon as `signal` aborts, for callees that ignore the signal. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Plays chunks in order, synthesizing chunk i+1 while chunk i plays and never
 * further ahead, so a stop wastes at most one synthesis. Resolves `stopped`
 * when `signal` aborts; a synthesis or playback failure rejects after the
 * prefetch in flight has been aborted.
 */
export async function playChunks<A>(chunks: readonly string[], options: ChunkPlaybackOptions<A>): Promise<PlaybackOutcome> {
  const { synthesize, play, cache, signal } = options;
  if (signal?.aborted) return 'stopped';
  const controller = new AbortController();
  const inner = controller.signal;
  const forwardAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forwardAbort, { once: true });

  const audioFor = (text: string): Promise<A> => {
    const hit = cache?.get(text);
    if (hit !== undefined) return Promise.resolve(hit);
    const pending = synthesize(text, inner).then((audio) => {
      cache?.set(text, audio);
      return audio;
    });
    // A prefetch can fail while the previous chunk still plays, or after a stop; it is
    // reported when awaited, so it must not surface as an unhandled rejection meanwhile.
    pending.catch(() => undefined);
    return pending;
  };

  try {
    let next = chunks[0] === undefined ? undefined : audioFor(chunks[0]);
    for (let i = 0; next; i++) {
      const audio = await untilAborted(next, inner);
      const following = chunks[i + 1];
      next = following === undefined ? undefined : audioFor(following);
      await untilAborted(play(audio, i, inner), inner);
    }
    return 'finished';
  } catch (error) {
    if (inner.aborted) return 'stopped';
    throw error;
  } finally {
    signal?.removeEventListener('abort', forwardAbort);
    controller.abort();
  }
}
