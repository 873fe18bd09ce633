import { afterEach, describe, expect, it } from 'vitest';
import { createSentenceStream, splitSentences, type SentenceSegmenter } from '../../../lib/speech/sentences';

const texts = (source: string, segmenter: SentenceSegmenter) => splitSentences(source, { segmenter }).map((s) => s.text);

const CORPUS = [
  'Mr. Smith went to Washington. He paid $3.14 for tea! Really? "Yes." Done',
  "Dr. Who met Mrs. Jones and Ms. Lee at St. Mary's vs. the U.S. team, etc. They won.",
  'Use e.g. apples, i.e. fruit. We meet at 5 p.m. Tomorrow at 9 a.m. Fine.',
  'See No. 5 and p. 12 of vol. 3 today. I said no. Then I left.',
  'Visit https://example.com/a.b?x=1. Mail me at first.last@example.co.uk. Pi is 3.14159. Version 1.2.3 is out.',
  'Wait... what? Wait… Then go. Hmm…. Next!',
  'He said "Stop!" Then he left. (It was late.) [Really?] Yes!',
  '你好。再见！好吗？是的；当然。他说：“你好。”然后走了。',
  '東京は晴れです。大阪は雨です！明日は？',
  '３．１４は円周率です。それだけ。',
  'ما اسمك؟ أنا أحمد. وأنت؟',
  '안녕하세요. 반갑습니다! 어디 가세요?',
  'Привет. Как дела? Хорошо!',
  'Line one\nLine two\r\nLine three\n\nNew paragraph. Same paragraph.\u2029After a separator',
  '1. Install it.\n2. Run it.\n10. Done.',
  'Wow!!! Really?! OK?!',
  '  Leading and trailing spaces.   Second.  ',
  'No terminator at all',
];

const EXPECTED: Record<string, string[]> = {
  [CORPUS[0]!]: ['Mr. Smith went to Washington.', 'He paid $3.14 for tea!', 'Really?', '"Yes."', 'Done'],
  [CORPUS[1]!]: ["Dr. Who met Mrs. Jones and Ms. Lee at St. Mary's vs. the U.S. team, etc. They won."],
  [CORPUS[2]!]: ['Use e.g. apples, i.e. fruit.', 'We meet at 5 p.m. Tomorrow at 9 a.m. Fine.'],
  [CORPUS[3]!]: ['See No. 5 and p. 12 of vol. 3 today.', 'I said no.', 'Then I left.'],
  [CORPUS[4]!]: ['Visit https://example.com/a.b?x=1.', 'Mail me at first.last@example.co.uk.', 'Pi is 3.14159.', 'Version 1.2.3 is out.'],
  [CORPUS[5]!]: ['Wait... what?', 'Wait…', 'Then go.', 'Hmm….', 'Next!'],
  [CORPUS[6]!]: ['He said "Stop!"', 'Then he left.', '(It was late.)', '[Really?]', 'Yes!'],
  [CORPUS[7]!]: ['你好。', '再见！', '好吗？', '是的；', '当然。', '他说：“你好。”', '然后走了。'],
  [CORPUS[8]!]: ['東京は晴れです。', '大阪は雨です！', '明日は？'],
  [CORPUS[9]!]: ['３．１４は円周率です。', 'それだけ。'],
  [CORPUS[10]!]: ['ما اسمك؟', 'أنا أحمد.', 'وأنت؟'],
  [CORPUS[11]!]: ['안녕하세요.', '반갑습니다!', '어디 가세요?'],
  [CORPUS[12]!]: ['Привет.', 'Как дела?', 'Хорошо!'],
  [CORPUS[13]!]: ['Line one', 'Line two', 'Line three', 'New paragraph.', 'Same paragraph.', 'After a separator'],
  [CORPUS[14]!]: ['1. Install it.', '2. Run it.', '10. Done.'],
  [CORPUS[15]!]: ['Wow!!!', 'Really?!', 'OK?!'],
  [CORPUS[16]!]: ['Leading and trailing spaces.', 'Second.'],
  [CORPUS[17]!]: ['No terminator at all'],
};

describe.each(['rules', 'intl'] as const)('splitSentences (%s)', (segmenter) => {
  it.each(CORPUS)('splits %j', (source) => {
    expect(texts(source, segmenter)).toEqual(EXPECTED[source]);
  });

  it('reports exact offsets into the source', () => {
    for (const source of CORPUS) {
      let previousEnd = 0;
      for (const sentence of splitSentences(source, { segmenter })) {
        expect(source.slice(sentence.start, sentence.end)).toBe(sentence.text);
        expect(sentence.start).toBeGreaterThanOrEqual(previousEnd);
        expect(sentence.text).toBe(sentence.text.trim());
        previousEnd = sentence.end;
      }
    }
  });

  it('loses no text other than whitespace between sentences', () => {
    for (const source of CORPUS) {
      const joined = splitSentences(source, { segmenter })
        .map((s) => s.text)
        .join('');
      expect(joined.replace(/\s+/g, '')).toBe(source.replace(/\s+/g, ''));
    }
  });

  it('returns nothing for empty or blank text', () => {
    expect(splitSentences('', { segmenter })).toEqual([]);
    expect(splitSentences(' \n\t ', { segmenter })).toEqual([]);
  });

  it('keeps a lower-case continuation after a terminator in the sentence', () => {
    expect(texts('He shouted "Go!" and ran. Then stopped.', segmenter)).toEqual(['He shouted "Go!" and ran.', 'Then stopped.']);
  });

  it('ends a sentence on an abbreviation-like word at the end of a line or the text', () => {
    expect(texts('Ask the Dr.\nHe knows.', segmenter)).toEqual(['Ask the Dr.', 'He knows.']);
    expect(texts('Apples, pears, etc.', segmenter)).toEqual(['Apples, pears, etc.']);
  });
});

describe('segmenter paths', () => {
  const hindi = 'नमस्ते। आप कैसे हैं?';

  it('adds Intl.Segmenter boundaries after terminators the rules do not list', () => {
    expect(texts(hindi, 'intl')).toEqual(['नमस्ते।', 'आप कैसे हैं?']);
    expect(texts(hindi, 'rules')).toEqual([hindi]);
  });

  it('places Intl.Segmenter boundaries at exact offsets on later lines, and streams them alike', () => {
    const source = `Hello. World!\n${hindi} ठीक है।\nBye.`;
    const sentences = splitSentences(source, { segmenter: 'intl' });
    expect(sentences.map((s) => s.text)).toEqual(['Hello.', 'World!', 'नमस्ते।', 'आप कैसे हैं?', 'ठीक है।', 'Bye.']);
    for (const s of sentences) expect(source.slice(s.start, s.end)).toBe(s.text);
    const stream = createSentenceStream({ segmenter: 'intl' });
    expect([...[...source].flatMap((ch) => stream.push(ch)), ...stream.flush()]).toEqual(sentences);
  });

  describe('default', () => {
    const original = Intl.Segmenter;
    afterEach(() => {
      Object.defineProperty(Intl, 'Segmenter', { value: original, configurable: true, writable: true });
    });

    it('uses Intl.Segmenter where it exists', () => {
      expect(splitSentences(hindi).map((s) => s.text)).toEqual(['नमस्ते।', 'आप कैसे हैं?']);
    });

    it('falls back to the rules without Intl.Segmenter', () => {
      Object.defineProperty(Intl, 'Segmenter', { value: undefined, configurable: true, writable: true });
      expect(splitSentences(hindi).map((s) => s.text)).toEqual([hindi]);
      expect(splitSentences('One. Two.').map((s) => s.text)).toEqual(['One.', 'Two.']);
    });
  });
});

/** Deterministic pseudo-random chunk sizes (mulberry32). */
function chunker(seed: number) {
  let state = seed;
  return (text: string, maxSize: number): string[] => {
    const pieces: string[] = [];
    let i = 0;
    while (i < text.length) {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      const size = 1 + ((((t ^ (t >>> 14)) >>> 0) % maxSize) | 0);
      pieces.push(text.slice(i, i + size));
      i += size;
    }
    return pieces;
  };
}

describe.each(['rules', 'intl'] as const)('createSentenceStream (%s)', (segmenter) => {
  const streamed = (pieces: string[]) => {
    const stream = createSentenceStream({ segmenter });
    return [...pieces.flatMap((p) => stream.push(p)), ...stream.flush()];
  };

  it('equals splitting the whole text, however the text is cut', () => {
    const whole = CORPUS.join('\n');
    const expected = splitSentences(whole, { segmenter });
    expect(streamed([whole])).toEqual(expected);
    expect(streamed([...whole])).toEqual(expected);
    for (const seed of [1, 2, 3, 4, 5]) expect(streamed(chunker(seed)(whole, 12))).toEqual(expected);
    for (const source of CORPUS) {
      expect(streamed([...source])).toEqual(splitSentences(source, { segmenter }));
      expect(streamed(chunker(source.length)(source, 5))).toEqual(splitSentences(source, { segmenter }));
    }
  });

  it('emits a sentence as soon as the next one begins', () => {
    const stream = createSentenceStream({ segmenter });
    expect(stream.push('Hello there.')).toEqual([]);
    expect(stream.push(' ')).toEqual([]);
    expect(stream.push('How')).toEqual([{ text: 'Hello there.', start: 0, end: 12 }]);
    expect(stream.push(' are you? Fine')).toEqual([{ text: 'How are you?', start: 13, end: 25 }]);
    expect(stream.flush()).toEqual([{ text: 'Fine', start: 26, end: 30 }]);
  });

  it('waits for the text that decides a boundary', () => {
    const stream = createSentenceStream({ segmenter });
    expect(stream.push('It costs 3.')).toEqual([]);
    expect(stream.push('50 with Mr.')).toEqual([]);
    expect(stream.push(' Smith. e')).toEqual([]);
    expect(stream.push('.g. ok. Next')).toEqual([{ text: 'It costs 3.50 with Mr. Smith. e.g. ok.', start: 0, end: 38 }]);
    expect(stream.flush()).toEqual([{ text: 'Next', start: 39, end: 43 }]);
  });

  it('emits CJK sentences without waiting for a space', () => {
    const stream = createSentenceStream({ segmenter });
    expect(stream.push('你好。')).toEqual([]);
    expect(stream.push('再')).toEqual([{ text: '你好。', start: 0, end: 3 }]);
    expect(stream.flush()).toEqual([{ text: '再', start: 3, end: 4 }]);
  });

  it('flushes nothing twice', () => {
    const stream = createSentenceStream({ segmenter });
    stream.push('One. Two');
    expect(stream.flush()).toEqual([{ text: 'Two', start: 5, end: 8 }]);
    expect(stream.flush()).toEqual([]);
  });
});
