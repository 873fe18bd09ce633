import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BlockSplitter, GIANT_PARAGRAPH, LEX_WINDOW, type Split } from '../../../components/markdown/block-splitter';
import { blockHtml, lexMarkdown } from '../../../components/markdown/markdown-parser';

// Recording what the lexer is handed shows how much text each update re-reads.
vi.mock('../../../components/markdown/markdown-parser', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../components/markdown/markdown-parser')>();
  return { ...original, lexMarkdown: vi.fn(original.lexMarkdown) };
});
const lexed = vi.mocked(lexMarkdown);
const lexedChars = () => lexed.mock.calls.reduce((sum, [src]) => sum + src.length, 0);

beforeEach(() => {
  lexed.mockClear();
});

const codeFence = (lines: number) =>
  ['```python', ...Array.from({ length: lines }, (_, i) => `value_${i} = compute(${i})  # line ${i + 1}`), '```', ''].join('\n');

/** One paragraph of `bytes` characters: lines of words, no blank line anywhere. */
const giantParagraph = (bytes: number) => {
  const line = 'Words keep coming in one paragraph with *emphasis* and `code` spans.\n';
  return line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes);
};

const MIXED = [
  '## Part',
  '',
  'A paragraph with **bold**, `code` and a [link](https://example.com).',
  '',
  '- one',
  '- two',
  '',
  '| a | b |',
  '|---|--:|',
  '| 1 | 2 |',
  '',
  '```js',
  'const x = 1;',
  '```',
  '',
  '> quoted',
  '',
].join('\n');

/** Feeds `text` in `deltas` growing prefixes, as a stream does, and returns the last split. */
function stream(splitter: BlockSplitter, text: string, deltas: number, onEach?: (split: Split) => void): Split {
  let split: Split | undefined;
  for (let i = 1; i <= deltas; i++) {
    split = splitter.split(text.slice(0, Math.round((text.length * i) / deltas)), false);
    onEach?.(split);
  }
  return split!;
}

function drain(splitter: BlockSplitter, text: string, final: boolean): { split: Split; calls: number } {
  let calls = 0;
  let split: Split;
  do {
    lexed.mockClear();
    split = splitter.split(text, final);
    calls++;
    // Each call lexes about one window: a bounded task however big the text.
    expect(lexedChars()).toBeLessThanOrEqual(LEX_WINDOW * 2);
  } while (split.pending);
  return { split, calls };
}

// Megabyte inputs take a few seconds to feed through marked on a busy machine.
describe('huge answers in the block splitter', { timeout: 30_000 }, () => {
  it('never re-lexes the body of a 50,000-line code fence while it streams', () => {
    const text = codeFence(50_000);
    const splitter = new BlockSplitter();
    const last = stream(splitter, text, 200);
    // Only the fence's opening line is ever handed to marked, not its 2 MB body.
    expect(lexedChars()).toBeLessThan(1000);
    expect(last.blocks).toHaveLength(1);
    expect(last.blocks[0]?.token.type).toBe('code');

    const done = splitter.split(text, true);
    const token = done.blocks[0]!.token as { text: string; lang: string };
    expect(token.lang).toBe('python');
    expect(token.text.split('\n')).toHaveLength(50_000);
    expect(blockHtml([done.blocks[0]!.token])).toBe(blockHtml(lexMarkdown(text)));
  });

  it('settles a closed fence and lexes only what follows it', () => {
    const splitter = new BlockSplitter();
    const text = `${codeFence(10_000)}\nAfter the code.`;
    splitter.split(codeFence(10_000).slice(0, -1), false);
    lexed.mockClear();
    const split = splitter.split(text, false);
    expect(split.blocks.map((block) => block.token.type)).toEqual(['code', 'paragraph']);
    expect(split.settled).toBe(1);
    expect(lexedChars()).toBeLessThan(100);
  });

  it('re-lexes a bounded stretch of one giant paragraph per delta, never the whole paragraph', () => {
    const text = giantParagraph(256 * 1024);
    const splitter = new BlockSplitter();
    let worst = 0;
    stream(splitter, text, 100, () => {
      worst = Math.max(worst, lexedChars());
      lexed.mockClear();
    });
    const delta = text.length / 100;
    // The open part of the paragraph plus one cut's re-lex, whatever the paragraph's size.
    expect(worst).toBeLessThan(2 * (GIANT_PARAGRAPH + delta) + 100);
    const { split } = drain(splitter, text, true);
    expect(split.blocks.map((block) => block.raw).join('')).toBe(text);
  });

  it('opens a huge stored answer in bounded slices and renders it exactly like a one-shot render', () => {
    const text = MIXED.repeat(400);
    const splitter = new BlockSplitter();
    const { split, calls } = drain(splitter, text, true);
    expect(calls).toBeGreaterThan(text.length / (LEX_WINDOW * 2));
    lexed.mockClear();
    expect(split.blocks.map((block) => blockHtml([block.token])).join('')).toBe(blockHtml(lexMarkdown(text)));
    expect(split.settled).toBe(split.blocks.length - 1);
  });

  it('streams a huge mixed answer re-lexing only the tail', () => {
    const text = MIXED.repeat(400);
    const splitter = new BlockSplitter();
    let worst = 0;
    stream(splitter, text, 500, () => {
      worst = Math.max(worst, lexedChars());
      lexed.mockClear();
    });
    expect(worst).toBeLessThan(MIXED.length * 2);
  });
});
