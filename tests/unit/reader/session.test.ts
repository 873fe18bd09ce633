import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatFailure, chatError } from '../../../lib/core/errors';
import { ReadingSession, VOICE_START_TIMEOUT_MS, type ReadingState } from '../../../lib/reader/session';
import { FakeEngine, settle } from './fake-engine';

const SENTENCES = ['One fish.', 'Two fish swim.', 'Red fish.', 'Blue fish.'];

function setup(sentences: readonly string[] = SENTENCES, rate?: number) {
  const engine = new FakeEngine();
  const states: ReadingState[] = [];
  const words: [number, number, number][] = [];
  const errors: string[] = [];
  const voiceStarts: number[] = [];
  const session = new ReadingSession({
    engine,
    sentences,
    voice: 'Test Voice',
    rate,
    onState: (s) => states.push(s),
    onVoiceStart: (index) => voiceStarts.push(index),
    onWord: (...w) => words.push(w),
    onError: (e) => errors.push(e.code),
  });
  return { engine, session, states, words, errors, voiceStarts };
}

describe('ReadingSession', () => {
  it('speaks the sentences in order with the chosen voice and ends idle', async () => {
    const { engine, session, states } = setup();
    session.play();
    for (let i = 0; i < SENTENCES.length; i++) {
      expect(engine.current.text).toBe(SENTENCES[i]);
      expect(engine.current.options.voice).toBe('Test Voice');
      engine.current.finish();
      await settle();
    }
    expect(engine.spoken).toEqual(SENTENCES);
    expect(session.state.status).toBe('idle');
    expect(states.map((s) => `${s.status}:${s.index}`)).toEqual(['playing:0', 'playing:1', 'playing:2', 'playing:3', 'idle:3']);
  });

  it('starts at the sentence it is given', () => {
    const { engine, session } = setup();
    session.play(2);
    expect(engine.current.text).toBe('Red fish.');
    expect(session.state).toMatchObject({ status: 'playing', index: 2, total: 4 });
  });

  it('ends at once when there is nothing to read', () => {
    const { engine, session, states } = setup([]);
    session.play();
    expect(engine.utterances).toHaveLength(0);
    expect(states).toEqual([{ status: 'idle', index: 0, total: 0, rate: 1 }]);
  });

  it('pauses holding the position and resumes from the last word heard', async () => {
    const { engine, session } = setup();
    session.play(1);
    engine.current.options.onBoundary?.(4, 4); // "fish"
    session.pause();
    expect(engine.utterances[0]!.aborted).toBe(true);
    expect(session.state).toMatchObject({ status: 'paused', index: 1 });
    // The stopped utterance settling must not move the reading on.
    await settle();
    expect(session.state).toMatchObject({ status: 'paused', index: 1 });

    session.resume();
    expect(engine.current.text).toBe('fish swim.');
    engine.current.options.onBoundary?.(5, 0); // "swim." relative to the resumed text
    engine.current.finish();
    await settle();
    expect(engine.current.text).toBe('Red fish.');
    expect(session.state).toMatchObject({ status: 'playing', index: 2 });
  });

  it('resumes from the start of the sentence when no word was reported', () => {
    const { engine, session } = setup();
    session.play();
    session.pause();
    session.resume();
    expect(engine.current.text).toBe('One fish.');
  });

  it('reports words as offsets into the whole sentence, finding the word when the engine gives no length', () => {
    const { engine, session, words } = setup();
    session.play(1);
    engine.current.options.onBoundary?.(0, 3);
    engine.current.options.onBoundary?.(3, -1); // points at the space before "fish"
    session.pause();
    session.resume();
    engine.current.options.onBoundary?.(5, -1); // "swim" in "fish swim."
    expect(words).toEqual([
      [1, 0, 3],
      [1, 4, 4],
      [1, 9, 4],
    ]);
  });

  it('ignores word boundaries of an utterance that was replaced', () => {
    const { engine, session, words } = setup();
    session.play();
    const old = engine.current;
    session.next();
    old.options.onBoundary?.(4, 4);
    expect(words).toEqual([]);
  });

  it('says which sentence the voice started, and not for an utterance that was replaced', () => {
    const { engine, session, voiceStarts } = setup();
    session.play(1);
    const old = engine.current;
    session.next();
    old.start();
    engine.current.start();
    expect(voiceStarts).toEqual([2]);
  });

  it('stops: speech is cut, state is idle and later ends change nothing', async () => {
    const { engine, session } = setup();
    session.play();
    const first = engine.current;
    session.stop();
    expect(first.aborted).toBe(true);
    expect(session.state.status).toBe('idle');
    first.finish();
    await settle();
    expect(engine.utterances).toHaveLength(1);
    session.next();
    session.pause();
    expect(session.state.status).toBe('idle');
  });

  it('moves to the next and previous sentence while playing', () => {
    const { engine, session } = setup();
    session.play(1);
    session.next();
    expect(engine.current.text).toBe('Red fish.');
    session.previous();
    session.previous();
    expect(engine.current.text).toBe('One fish.');
    session.previous();
    expect(session.state.index).toBe(0);
    expect(engine.current.text).toBe('One fish.');
  });

  it('does not go past the last sentence with next', () => {
    const { engine, session } = setup();
    session.play(3);
    session.next();
    expect(session.state).toMatchObject({ status: 'playing', index: 3 });
    expect(engine.utterances).toHaveLength(1);
  });

  it('moves while paused without speaking, and resumes at the new sentence', () => {
    const { engine, session } = setup();
    session.play();
    session.pause();
    session.next();
    session.next();
    expect(session.state).toMatchObject({ status: 'paused', index: 2 });
    expect(engine.utterances.filter((u) => !u.aborted)).toHaveLength(0);
    session.resume();
    expect(engine.current.text).toBe('Red fish.');
  });

  it('jumps to a sentence and plays from there, from any status', () => {
    const { engine, session } = setup();
    session.play();
    session.jump(3);
    expect(engine.current.text).toBe('Blue fish.');
    session.pause();
    session.jump(1);
    expect(session.state).toMatchObject({ status: 'playing', index: 1 });
    session.stop();
    session.jump(99);
    expect(session.state).toMatchObject({ status: 'playing', index: 3 });
  });

  it('applies a new rate to the rest of the current sentence at once', () => {
    const { engine, session, states } = setup(SENTENCES, 1.25);
    session.play(1);
    expect(engine.current.options.rate).toBe(1.25);
    engine.current.options.onBoundary?.(4, 4);
    session.setRate(2);
    expect(engine.utterances[0]!.aborted).toBe(true);
    expect(engine.current).toMatchObject({ text: 'fish swim.', options: { rate: 2 } });
    expect(states.at(-1)).toMatchObject({ rate: 2, index: 1 });
  });

  it('keeps a rate set while paused for the resumption, and clamps rates', () => {
    const { engine, session } = setup();
    session.play();
    session.pause();
    session.setRate(50);
    expect(session.state).toMatchObject({ status: 'paused', rate: 3 });
    session.resume();
    expect(engine.current.options.rate).toBe(3);
    session.setRate(0);
    expect(engine.current.options.rate).toBe(0.5);
  });

  it('ends with the error when the engine fails', async () => {
    const { engine, session, errors } = setup();
    session.play();
    engine.current.fail(new ChatFailure(chatError('unsupported', 'no voice')));
    await settle();
    expect(session.state.status).toBe('idle');
    expect(errors).toEqual(['unsupported']);
  });

  it('asks an engine that can prepare for the next sentence while the current one plays', async () => {
    const { engine, session } = setup();
    const prepared: string[] = [];
    Object.assign(engine, { prepare: (text: string, options: { voice: string }) => prepared.push(`${text}|${options.voice}`) });
    session.play();
    expect(prepared).toEqual(['Two fish swim.|Test Voice']);
    engine.current.finish();
    await settle();
    expect(prepared).toEqual(['Two fish swim.|Test Voice', 'Red fish.|Test Voice']);
    session.next();
    session.next();
    expect(prepared.at(-1)).toBe('Blue fish.|Test Voice');
    expect(prepared.filter((p) => p.startsWith('Blue')).length).toBe(1);
  });
});

describe('a voice that never makes a sound', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ends the reading after the bound and says the voice stayed silent', async () => {
    const { engine, session, errors } = setup();
    session.play();
    await vi.advanceTimersByTimeAsync(VOICE_START_TIMEOUT_MS - 1);
    expect(session.state.status).toBe('playing');
    expect(errors).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(session.state.status).toBe('idle');
    expect(errors).toEqual(['stalled']);
    expect(engine.utterances[0]!.aborted).toBe(true);
  });

  it('leaves a voice that starts in time alone, however long it speaks', async () => {
    const { engine, session, errors } = setup();
    session.play();
    await vi.advanceTimersByTimeAsync(VOICE_START_TIMEOUT_MS - 1);
    engine.current.start();
    await vi.advanceTimersByTimeAsync(VOICE_START_TIMEOUT_MS * 3);
    expect(session.state).toMatchObject({ status: 'playing', index: 0 });
    expect(errors).toEqual([]);
  });

  it('counts a word heard as sound, for voices that never report their start', async () => {
    const { engine, session, errors } = setup();
    session.play();
    engine.current.options.onBoundary?.(0, 3);
    await vi.advanceTimersByTimeAsync(VOICE_START_TIMEOUT_MS * 2);
    expect(session.state.status).toBe('playing');
    expect(errors).toEqual([]);
  });

  it('waits again for each sentence, and not while paused', async () => {
    const { engine, session, errors } = setup();
    session.play();
    engine.current.start();
    engine.current.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.current.text).toBe('Two fish swim.');
    session.pause();
    await vi.advanceTimersByTimeAsync(VOICE_START_TIMEOUT_MS * 2);
    expect(session.state.status).toBe('paused');
    session.resume();
    await vi.advanceTimersByTimeAsync(VOICE_START_TIMEOUT_MS);
    expect(session.state.status).toBe('idle');
    expect(errors).toEqual(['stalled']);
  });

  it('does not cut off a cloud voice still synthesizing, and waits the bound once its audio has arrived', async () => {
    const { engine, session, errors } = setup();
    session.play();
    let arrive!: () => void;
    engine.current.options.onSynthesis?.(new Promise<void>((resolve) => (arrive = resolve)));
    await vi.advanceTimersByTimeAsync(VOICE_START_TIMEOUT_MS * 3);
    expect(session.state.status).toBe('playing');
    arrive();
    await vi.advanceTimersByTimeAsync(VOICE_START_TIMEOUT_MS - 1);
    expect(session.state.status).toBe('playing');
    await vi.advanceTimersByTimeAsync(1);
    expect(session.state.status).toBe('idle');
    expect(errors).toEqual(['stalled']);
  });
});
