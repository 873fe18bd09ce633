import { describe, expect, it } from 'vitest';
import { OPENAI_SPEECH_INPUT_LIMIT, chunkText, type TextChunk } from '../../../lib/speech/chunk-text';

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

function expectWellFormed(source: string, chunks: TextChunk[], max: number) {
  let previousEnd = 0;
  for (const chunk of chunks) {
    expect(chunk.text).toBe(source.slice(chunk.start, chunk.end));
    expect(chunk.text.length).toBeLessThanOrEqual(max);
    expect(chunk.text).toBe(chunk.text.trim());
    expect(chunk.start).toBeGreaterThanOrEqual(previousEnd);
    expect(isLow(source.charCodeAt(chunk.start))).toBe(false);
    expect(isHigh(source.charCodeAt(chunk.end - 1))).toBe(false);
    previousEnd = chunk.end;
  }
  expect(
    chunks
      .map((c) => c.text)
      .join('')
      .replace(/\s+/g, ''),
  ).toBe(source.replace(/\s+/g, ''));
}

describe('chunkText', () => {
  it("defaults to OpenAI's 4096-character input limit", () => {
    expect(OPENAI_SPEECH_INPUT_LIMIT).toBe(4096);
    const sentence = 'This sentence is exactly fifty characters long ok. ';
    const source = sentence.repeat(100);
    const chunks = chunkText(source);
    expectWellFormed(source, chunks, 4096);
    // 80 sentences of 50 characters plus the spaces between them fill the first request.
    expect(chunks.map((c) => c.text.length)).toEqual([80 * 51 - 1, 20 * 51 - 1]);
  });

  it('keeps short text in one chunk', () => {
    expect(chunkText('  Hello. World.  ')).toEqual([{ text: 'Hello. World.', start: 2, end: 15 }]);
    expect(chunkText('')).toEqual([]);
  });

  it('packs whole sentences up to the limit', () => {
    const source = 'One two. Three four. Five six. Seven.';
    const chunks = chunkText(source, { maxLength: 20 });
    expect(chunks.map((c) => c.text)).toEqual(['One two. Three four.', 'Five six. Seven.']);
    expectWellFormed(source, chunks, 20);
  });

  it('cuts an overlong sentence at a clause mark in the second half of the window', () => {
    const source = 'alpha beta gamma delta, epsilon zeta eta theta iota.';
    expect(chunkText(source, { maxLength: 30 }).map((c) => c.text)).toEqual(['alpha beta gamma delta,', 'epsilon zeta eta theta iota.']);
  });

  it('prefers the last space to an early clause mark', () => {
    const source = 'Hi, alpha beta gamma delta epsilon zeta eta.';
    expect(chunkText(source, { maxLength: 30 }).map((c) => c.text)).toEqual(['Hi, alpha beta gamma delta', 'epsilon zeta eta.']);
  });

  it('does not break after a comma inside a number', () => {
    const source = 'We counted 1,000,000 stars and 2,000 moons tonight.';
    const chunks = chunkText(source, { maxLength: 25 });
    expectWellFormed(source, chunks, 25);
    for (const c of chunks) expect(c.text).not.toMatch(/^\d|,$/);
  });

  it('cuts CJK text at clause marks', () => {
    const source = '今天天气很好，我们去公园散步，然后一起吃晚饭吧。';
    const chunks = chunkText(source, { maxLength: 10 });
    expect(chunks.map((c) => c.text)).toEqual(['今天天气很好，', '我们去公园散步，', '然后一起吃晚饭吧。']);
  });

  it('cuts inside a word only when a word is longer than the limit', () => {
    const source = 'a Supercalifragilisticexpialidocious b';
    const chunks = chunkText(source, { maxLength: 10 });
    expectWellFormed(source, chunks, 10);
    expect(chunks.map((c) => c.text)).toEqual(['a', 'Supercalif', 'ragilistic', 'expialidoc', 'ious b']);
  });

  it('never splits a surrogate pair or a combining sequence', () => {
    const emoji = '😀'.repeat(20);
    for (const max of [2, 3, 5, 7]) expectWellFormed(emoji, chunkText(emoji, { maxLength: max }), max);

    const accented = 'e\u0301'.repeat(10);
    expect(chunkText(accented, { maxLength: 5 }).map((c) => c.text)).toEqual(Array(5).fill('e\u0301e\u0301'));

    const family = '👨\u200D👩\u200D👧';
    const source = `${family}${family}${family}`;
    expect(chunkText(source, { maxLength: 10 }).map((c) => c.text)).toEqual([family, family, family]);
  });

  it('keeps surrogate pairs whole even inside a cluster longer than the limit', () => {
    const family = '👨\u200D👩\u200D👧\u200D👦';
    const chunks = chunkText(family, { maxLength: 4 });
    expectWellFormed(family, chunks, 4);
  });

  it('holds its invariants on varied text', () => {
    const words = ['word', 'longerword', 'x', '1,000', 'e.g.', '😀😀', 'é', '你好，', '世界。', 'Mr.', 'end.', 'really?', '\n', '—'];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let round = 0; round < 50; round++) {
      const parts: string[] = [];
      for (let i = 0; i < 80; i++) parts.push(words[Math.floor(random() * words.length)]!);
      const source = parts.join(random() < 0.5 ? ' ' : '');
      const max = 2 + Math.floor(random() * 60);
      expectWellFormed(source, chunkText(source, { maxLength: max }), max);
    }
  });

  it('rejects a limit below two', () => {
    expect(() => chunkText('abc', { maxLength: 1 })).toThrow(RangeError);
    expect(() => chunkText('abc', { maxLength: 2.5 })).toThrow(RangeError);
  });
});
