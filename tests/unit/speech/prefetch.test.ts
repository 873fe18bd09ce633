import { afterEach, describe, expect, it, vi } from 'vitest';
import { AudioCache } from '../../../lib/speech/audio-cache';
import { playChunks } from '../../../lib/speech/prefetch';

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every pending promise callback run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A synthesize/play pair whose every call waits until the test resolves it. */
function harness() {
  const log: string[] = [];
  const syntheses = new Map<string, Deferred<string>>();
  const plays: Deferred<void>[] = [];
  const signals: { synth: AbortSignal[]; play: AbortSignal[] } = { synth: [], play: [] };
  return {
    log,
    syntheses,
    plays,
    signals,
    synthesize: (text: string, signal: AbortSignal) => {
      log.push(`synth ${text}`);
      signals.synth.push(signal);
      const d = deferred<string>();
      syntheses.set(text, d);
      return d.promise;
    },
    play: (audio: string, index: number, signal: AbortSignal) => {
      log.push(`play ${index}:${audio}`);
      signals.play.push(signal);
      const d = deferred<void>();
      plays.push(d);
      return d.promise;
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('playChunks', () => {
  it('synthesizes exactly one chunk ahead of the one playing', async () => {
    const h = harness();
    const done = playChunks(['a', 'b', 'c'], h);
    await settle();
    expect(h.log).toEqual(['synth a']);

    h.syntheses.get('a')!.resolve('A');
    await settle();
    expect(h.log).toEqual(['synth a', 'synth b', 'play 0:A']);

    h.syntheses.get('b')!.resolve('B');
    await settle();
    expect(h.log).toEqual(['synth a', 'synth b', 'play 0:A']);

    h.plays[0]!.resolve();
    await settle();
    expect(h.log).toEqual(['synth a', 'synth b', 'play 0:A', 'synth c', 'play 1:B']);

    h.plays[1]!.resolve();
    await settle();
    expect(h.log).toHaveLength(5);
    h.syntheses.get('c')!.resolve('C');
    await settle();
    expect(h.log.at(-1)).toBe('play 2:C');
    h.plays[2]!.resolve();
    await expect(done).resolves.toBe('finished');
    expect(h.log).toEqual(['synth a', 'synth b', 'play 0:A', 'synth c', 'play 1:B', 'play 2:C']);
  });

  it('finishes at once with no chunks', async () => {
    const h = harness();
    await expect(playChunks([], h)).resolves.toBe('finished');
    expect(h.log).toEqual([]);
  });

  it('hides synthesis time behind playback', async () => {
    vi.useFakeTimers();
    const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
    const started: number[] = [];
    const done = playChunks(['a', 'b', 'c'], {
      synthesize: async (text) => {
        await wait(100);
        return text.toUpperCase();
      },
      play: async () => {
        started.push(Date.now());
        await wait(1000);
      },
    });
    const t0 = Date.now();
    await vi.advanceTimersByTimeAsync(3100);
    await expect(done).resolves.toBe('finished');
    expect(started.map((t) => t - t0)).toEqual([100, 1100, 2100]);
  });

  it('uses cached audio instead of synthesizing, and caches what it synthesizes', async () => {
    const cache = new AudioCache(1000);
    const view = cache.scoped({ engine: 'openai', voice: 'alloy', speed: 1 });
    const cachedA = new ArrayBuffer(3);
    view.set('a', cachedA);
    const synthesized: string[] = [];
    const played: unknown[] = [];
    const outcome = await playChunks(['a', 'b'], {
      cache: view,
      synthesize: async (text) => {
        synthesized.push(text);
        return new ArrayBuffer(text.length);
      },
      play: async (audio) => {
        played.push(audio);
      },
    });
    expect(outcome).toBe('finished');
    expect(synthesized).toEqual(['b']);
    expect(played[0]).toBe(cachedA);
    expect(view.get('b')).toBe(played[1]);

    synthesized.length = 0;
    await playChunks(['a', 'b'], { cache: view, synthesize: async () => new ArrayBuffer(1), play: async () => {} });
    expect(synthesized).toEqual([]);
  });

  it('on stop, aborts playback and the prefetch in flight and starts nothing new', async () => {
    const h = harness();
    const controller = new AbortController();
    const done = playChunks(['a', 'b', 'c'], { ...h, signal: controller.signal });
    h.syntheses.get('a')!.resolve('A');
    await settle();
    expect(h.log).toEqual(['synth a', 'synth b', 'play 0:A']);

    controller.abort();
    // Neither the playback nor the synthesis ever settles: stopping must not wait for them.
    await expect(done).resolves.toBe('stopped');
    expect(h.signals.play[0]!.aborted).toBe(true);
    expect(h.signals.synth.every((s) => s.aborted)).toBe(true);

    h.syntheses.get('b')!.resolve('B');
    h.plays[0]!.resolve();
    await settle();
    expect(h.log).toEqual(['synth a', 'synth b', 'play 0:A']);
  });

  it('stops while the first chunk is still being synthesized', async () => {
    const h = harness();
    const controller = new AbortController();
    const done = playChunks(['a', 'b'], { ...h, signal: controller.signal });
    await settle();
    controller.abort();
    await expect(done).resolves.toBe('stopped');
    h.syntheses.get('a')!.reject(new DOMException('aborted', 'AbortError'));
    await settle();
    expect(h.log).toEqual(['synth a']);
  });

  it('does nothing when already stopped', async () => {
    const h = harness();
    await expect(playChunks(['a'], { ...h, signal: AbortSignal.abort() })).resolves.toBe('stopped');
    expect(h.log).toEqual([]);
  });

  it('rejects with a synthesis failure', async () => {
    const h = harness();
    const done = playChunks(['a', 'b'], h);
    h.syntheses.get('a')!.reject(new Error('quota'));
    await expect(done).rejects.toThrow('quota');
    expect(h.log).toEqual(['synth a']);
  });

  it('reports a failed prefetch when its turn comes, without an unhandled rejection', async () => {
    const h = harness();
    const done = playChunks(['a', 'b', 'c'], h);
    h.syntheses.get('a')!.resolve('A');
    await settle();
    h.syntheses.get('b')!.reject(new Error('rate limited'));
    await settle();
    h.plays[0]!.resolve();
    await expect(done).rejects.toThrow('rate limited');
    expect(h.log).toEqual(['synth a', 'synth b', 'play 0:A']);
  });

  it('aborts the prefetch in flight when playback fails', async () => {
    const h = harness();
    const done = playChunks(['a', 'b'], h);
    h.syntheses.get('a')!.resolve('A');
    await settle();
    h.plays[0]!.reject(new Error('decode failed'));
    await expect(done).rejects.toThrow('decode failed');
    expect(h.signals.synth[1]!.aborted).toBe(true);
  });
});
