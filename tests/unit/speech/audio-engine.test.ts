import { describe, expect, it, vi } from 'vitest';
import { ChatFailure, chatError } from '../../../lib/core/errors';
import { createAudioEngine, type AudioSink, type SynthesizedAudio, type WordMark } from '../../../lib/speech/audio-engine';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const settle = () => new Promise((r) => setTimeout(r, 0));
const audioOf = (text: string, marks: WordMark[] = []): SynthesizedAudio => ({
  bytes: new TextEncoder().encode(text).buffer,
  mime: 'audio/mpeg',
  marks,
});

/** Synthesis and playback that wait for the test, logging what happens in which order. */
function rig() {
  const log: string[] = [];
  const syntheses = new Map<string, ReturnType<typeof deferred<SynthesizedAudio>>>();
  const plays: { text: string; done: ReturnType<typeof deferred<void>>; hooks: Parameters<AudioSink['play']>[2]; signal: AbortSignal }[] =
    [];
  const synthesize = vi.fn((text: string, _params: unknown, _signal: AbortSignal) => {
    log.push(`synth ${text}`);
    const d = deferred<SynthesizedAudio>();
    syntheses.set(text, d);
    return d.promise;
  });
  const sink: AudioSink = {
    play: (audio, signal, hooks) => {
      const text = new TextDecoder().decode(audio.bytes);
      log.push(`play ${text}`);
      const done = deferred<void>();
      plays.push({ text, done, hooks, signal });
      signal.addEventListener('abort', () => done.resolve());
      return done.promise;
    },
  };
  const engine = createAudioEngine({ id: 'openai', listVoices: async () => [], synthesize, sink, maxChunkLength: 12 });
  return { log, syntheses, plays, synthesize, engine };
}

describe('a cloud voice', () => {
  it('cuts text under the limit and synthesizes the next piece while the current one plays', async () => {
    const { log, syntheses, plays, engine } = rig();
    const onStart = vi.fn();
    const onEnd = vi.fn();
    const done = engine.speak('One two. Three four. Five.', { voice: 'nova', rate: 1.5, onStart, onEnd });
    await settle();
    expect(log).toEqual(['synth One two.']);
    syntheses.get('One two.')!.resolve(audioOf('One two.'));
    await settle();
    expect(log).toEqual(['synth One two.', 'synth Three four.', 'play One two.']);
    plays[0]!.hooks.onStart?.();
    syntheses.get('Three four.')!.resolve(audioOf('Three four.'));
    await settle();
    // Nothing further ahead than one piece.
    expect(log).toHaveLength(3);
    plays[0]!.done.resolve();
    await settle();
    expect(log.slice(3)).toEqual(['synth Five.', 'play Three four.']);
    plays[1]!.hooks.onStart?.();
    syntheses.get('Five.')!.resolve(audioOf('Five.'));
    plays[1]!.done.resolve();
    await settle();
    plays[2]!.done.resolve();
    await expect(done).resolves.toBeUndefined();
    expect(onStart).toHaveBeenCalledOnce();
    expect(onEnd).toHaveBeenCalledOnce();
  });

  it('tells the caller it waits for the first piece’s audio, and only for that piece', async () => {
    const { syntheses, plays, engine } = rig();
    const waits: Promise<unknown>[] = [];
    const done = engine.speak('One two. Three four.', { voice: 'nova', onSynthesis: (audio) => waits.push(audio) });
    await settle();
    expect(waits).toHaveLength(1);
    const first = audioOf('One two.');
    syntheses.get('One two.')!.resolve(first);
    await expect(waits[0]).resolves.toBe(first);
    await settle();
    plays[0]!.done.resolve();
    syntheses.get('Three four.')!.resolve(audioOf('Three four.'));
    await settle();
    plays[1]!.done.resolve();
    await done;
    expect(waits).toHaveLength(1);
  });

  it('passes the voice, speed and pitch to synthesis and moves word marks to the whole text’s offsets', async () => {
    const { syntheses, plays, synthesize, engine } = rig();
    const onBoundary = vi.fn();
    const done = engine.speak('One two. Three four.', { voice: 'nova', rate: 1.25, pitch: 0.8, onBoundary });
    await settle();
    expect(synthesize.mock.calls[0]!.slice(0, 2)).toEqual(['One two.', { voice: 'nova', rate: 1.25, pitch: 0.8 }]);
    syntheses.get('One two.')!.resolve(audioOf('One two.', [{ time: 0, charIndex: 4, charLength: 3 }]));
    syntheses.get('Three four.')?.resolve(audioOf('Three four.'));
    await settle();
    syntheses.get('Three four.')!.resolve(audioOf('Three four.', [{ time: 10, charIndex: 6, charLength: 4 }]));
    plays[0]!.hooks.onMark?.({ time: 0, charIndex: 4, charLength: 3 });
    plays[0]!.done.resolve();
    await settle();
    plays[1]!.hooks.onMark?.({ time: 10, charIndex: 6, charLength: 4 });
    plays[1]!.done.resolve();
    await done;
    expect(onBoundary.mock.calls).toEqual([
      [4, 3],
      [15, 4],
    ]);
  });

  it('stops playback and the synthesis ahead at once, and settles', async () => {
    const { syntheses, plays, synthesize, engine } = rig();
    const controller = new AbortController();
    const onEnd = vi.fn();
    const done = engine.speak('One two. Three four.', { voice: 'nova', signal: controller.signal, onEnd });
    await settle();
    syntheses.get('One two.')!.resolve(audioOf('One two.'));
    await settle();
    const ahead = synthesize.mock.calls[1]![2];
    controller.abort();
    await expect(done).resolves.toBeUndefined();
    expect(plays[0]!.signal.aborted).toBe(true);
    expect(ahead.aborted).toBe(true);
    expect(onEnd).not.toHaveBeenCalled();
  });

  it('reports a synthesis failure as the ChatFailure it was', async () => {
    const { syntheses, engine } = rig();
    const done = engine.speak('Hi.', { voice: 'nova' });
    await settle();
    syntheses.get('Hi.')!.reject(new ChatFailure(chatError('unauthorized', 'bad key')));
    await expect(done).rejects.toMatchObject({ error: { code: 'unauthorized', message: 'bad key' } });
  });

  it('uses a prepared synthesis instead of asking again', async () => {
    const { syntheses, plays, synthesize, engine } = rig();
    engine.prepare('Next one.', { voice: 'nova', rate: 1 });
    engine.prepare('Next one.', { voice: 'nova', rate: 1 });
    expect(synthesize).toHaveBeenCalledOnce();
    syntheses.get('Next one.')!.resolve(audioOf('Next one.'));
    const done = engine.speak('Next one.', { voice: 'nova', rate: 1 });
    await settle();
    expect(synthesize).toHaveBeenCalledOnce();
    expect(plays.map((p) => p.text)).toEqual(['Next one.']);
    plays[0]!.done.resolve();
    await done;
    // A different voice is a different synthesis.
    void engine.speak('Next one.', { voice: 'alloy' });
    await settle();
    expect(synthesize).toHaveBeenCalledTimes(2);
  });

  it('hands a prepared synthesis to the sink to load ahead, and plays that same audio', async () => {
    const preloaded: SynthesizedAudio[] = [];
    const played: SynthesizedAudio[] = [];
    const ready = audioOf('Next one.');
    const engine = createAudioEngine({
      id: 'openai',
      listVoices: async () => [],
      synthesize: async () => ready,
      sink: {
        preload: (audio) => void preloaded.push(audio),
        play: async (audio) => void played.push(audio),
      },
      maxChunkLength: 100,
    });
    engine.prepare('Next one.', { voice: 'nova', rate: 1 });
    await settle();
    expect(preloaded).toEqual([ready]);
    await engine.speak('Next one.', { voice: 'nova', rate: 1 });
    expect(played[0]).toBe(ready);
  });
});
