import { describe, expect, it } from 'vitest';
import { wordAt } from '../../../lib/speech/words';

describe('wordAt', () => {
  it('finds the word at or after an index, skipping spaces and punctuation', () => {
    expect(wordAt('Hello, “big” world.', 0)).toEqual({ start: 0, length: 5 });
    expect(wordAt('Hello, “big” world.', 5)).toEqual({ start: 8, length: 3 });
    expect(wordAt('Hello world.', 11)).toBeUndefined();
  });

  it('finds CJK words, which have no spaces around them', () => {
    const span = wordAt('我们去公园吧', 2)!;
    expect(span.start).toBe(2);
    expect(span.length).toBeGreaterThanOrEqual(1);
    expect(span.length).toBeLessThan(4);
  });
});
