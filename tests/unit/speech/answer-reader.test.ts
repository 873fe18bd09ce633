import { describe, expect, it, vi } from 'vitest';
import { ChatFailure, chatError } from '../../../lib/core/errors';
import { AnswerReader } from '../../../lib/speech/answer-reader';
import type { SpeakOptions, SpeechEngine } from '../../../lib/speech/engine';

const settle = () => new Promise((r) => setTimeout(r, 0));

/** An engine whose every utterance waits for the test to end it. */
function engine() {
  const spoken: { text: string; options: SpeakOptions; end(): void; fail(e: unknown): void }[] = [];
  const prepared: string[] = [];
  const fake: SpeechEngine & { prepare(text: string): void } = {
    id: 'openai',
    listVoices: async () => [],
    speak: (text, options) =>
      new Promise<void>((resolve, reject) => {
        options.signal?.addEventListener('abort', () => resolve());
        spoken.push({ text, options, end: resolve, fail: reject });
      }),
    prepare: (text) => void prepared.push(text),
  };
  return { fake, spoken, prepared };
}

describe('reading an answer aloud', () => {
  it('speaks the first sentence while the rest is still streaming, without the markdown', async () => {
    const { fake, spoken, prepared } = engine();
    const sentences: string[] = [];
    const onEnd = vi.fn();
    const reader = new AnswerReader({ engine: fake, voice: 'nova', rate: 1.2, onSentence: (s) => sentences.push(s.text), onEnd });
    reader.update('The **first** point');
    await settle();
    expect(spoken).toEqual([]);
    reader.update('The **first** point is clear. The sec');
    await settle();
    expect(spoken.map((s) => s.text)).toEqual(['The first point is clear.']);
    expect(spoken[0]!.options).toMatchObject({ voice: 'nova', rate: 1.2 });
    reader.update('The **first** point is clear. The second one is `code`. Last ');
    await settle();
    // The next sentence is prepared while the first is spoken, not spoken over it.
    expect(spoken).toHaveLength(1);
    expect(prepared).toEqual(['The second one is code.']);
    spoken[0]!.end();
    await settle();
    expect(spoken.map((s) => s.text)).toEqual(['The first point is clear.', 'The second one is code.']);
    reader.finish('The **first** point is clear. The second one is `code`. Last words.');
    spoken[1]!.end();
    await settle();
    spoken[2]!.end();
    await settle();
    expect(sentences).toEqual(['The first point is clear.', 'The second one is code.', 'Last words.']);
    expect(onEnd).toHaveBeenCalledWith('finished');
    expect(reader.speechText).toBe('The first point is clear. The second one is code. Last words.\n');
  });

  it('reports words as offsets into the sentence, finding the word when the engine gives no length', async () => {
    const { fake, spoken } = engine();
    const words: [string, number, number][] = [];
    const reader = new AnswerReader({ engine: fake, voice: '', onWord: (s, start, length) => words.push([s.text, start, length]) });
    reader.finish('Hello big world.');
    await settle();
    spoken[0]!.options.onBoundary!(6, 3);
    spoken[0]!.options.onBoundary!(10, -1);
    expect(words).toEqual([
      ['Hello big world.', 6, 3],
      ['Hello big world.', 10, 5],
    ]);
  });

  it('stops at once: the utterance is aborted and nothing further is spoken', async () => {
    const { fake, spoken } = engine();
    const onEnd = vi.fn();
    const reader = new AnswerReader({ engine: fake, voice: '', onEnd });
    reader.finish('One. Two. Three.');
    await settle();
    reader.stop();
    expect(spoken[0]!.options.signal!.aborted).toBe(true);
    expect(onEnd).toHaveBeenCalledWith('stopped');
    reader.update('One. Two. Three. Four.');
    await settle();
    expect(spoken).toHaveLength(1);
    expect(reader.active).toBe(false);
  });

  it('ends with the engine’s failure', async () => {
    const { fake, spoken } = engine();
    const onError = vi.fn();
    const onEnd = vi.fn();
    const reader = new AnswerReader({ engine: fake, voice: '', onError, onEnd });
    reader.finish('One. Two.');
    await settle();
    spoken[0]!.fail(new ChatFailure(chatError('unauthorized', '401')));
    await settle();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'unauthorized' }));
    expect(onEnd).toHaveBeenCalledWith('failed');
    expect(spoken).toHaveLength(1);
  });

  it('finishes at once when the answer has nothing to say', async () => {
    const { fake, spoken } = engine();
    const onEnd = vi.fn();
    new AnswerReader({ engine: fake, voice: '', onEnd }).finish('```\ncode only\n```');
    await settle();
    expect(spoken).toEqual([]);
    expect(onEnd).toHaveBeenCalledWith('finished');
  });
});
