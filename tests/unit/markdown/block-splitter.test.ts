import { describe, expect, it } from 'vitest';
import { BlockSplitter } from '../../../components/markdown/block-splitter';
import { blockHtml, lexMarkdown } from '../../../components/markdown/markdown-parser';

const ANSWER = [
  '# Heading',
  '',
  'Intro paragraph with **bold**, `code`, a [link](https://example.com) and $e^{i\\pi}+1=0$.',
  'It continues on a second line.',
  '',
  'Setext heading',
  '--------------',
  '',
  '1. first',
  '2. second',
  '   - nested *item*',
  '   - [x] task',
  '',
  '3. loose third',
  '',
  '> quoted',
  'lazy continuation',
  '',
  '```python',
  'def f(x):',
  '',
  '    return x * 2',
  '```',
  '',
  '~~~',
  'tilde fence',
  '~~~',
  '',
  '    indented code',
  '',
  '| a | b |',
  '|:--|--:|',
  '| 1 | 2 |',
  '| 3 | 4 |',
  '',
  'Before display math',
  '$$',
  '\\sum_{k=1}^n k',
  '$$',
  'After it, \\(x\\) inline and \\[y\\] display.',
  '',
  '\\[',
  'z^2',
  '\\]',
  '',
  '<div>raw html block</div>',
  '',
  '***',
  '',
  '- a',
  '- b',
  '',
  '',
  '- c after two blank lines',
  '',
  'Final paragraph costs $5, not $10.',
  '',
].join('\n');

const WITH_REFERENCES =
  'See [the docs][d] and [more].\n\nSecond block.\n\n[d]: https://docs.example/ "Docs"\n[more]: https://more.example/\n\nAfter.\n';

/** Deterministic pseudo-random chunk sizes, like a model's uneven token stream. */
function chunkSizes(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return 1 + (state % 12);
  };
}

function renderSplit(splitter: BlockSplitter, text: string, final: boolean): string {
  return splitter
    .split(text, final)
    .blocks.map((block) => blockHtml([block.token]))
    .join('');
}

function renderWhole(text: string): string {
  return blockHtml(lexMarkdown(text));
}

describe('BlockSplitter', () => {
  it.each([
    ['a long answer', ANSWER, 1],
    ['a long answer', ANSWER, 7],
    ['reference links', WITH_REFERENCES, 3],
  ])('renders every streamed prefix of %s exactly like a one-shot render (seed %i)', (_name, text, seed) => {
    const splitter = new BlockSplitter();
    const next = chunkSizes(seed);
    let end = 0;
    while (end < text.length) {
      end = Math.min(text.length, end + next());
      const prefix = text.slice(0, end);
      expect(renderSplit(splitter, prefix, false), JSON.stringify(prefix)).toBe(renderWhole(prefix));
    }
    expect(renderSplit(splitter, text, true)).toBe(renderWhole(text));
    const { blocks, settled } = splitter.split(text, true);
    expect(settled).toBe(blocks.length - 1);
  });

  it('keeps settled blocks as the same objects while text is appended', () => {
    const splitter = new BlockSplitter();
    const first = splitter.split('# Title\n\nOne paragraph.\n\nSecond', false);
    expect(first.blocks.map((block) => block.token.type)).toEqual(['heading', 'paragraph', 'paragraph']);
    expect(first.settled).toBe(2);
    const second = splitter.split('# Title\n\nOne paragraph.\n\nSecond paragraph grows', false);
    expect(second.blocks[0]).toBe(first.blocks[0]);
    expect(second.blocks[1]).toBe(first.blocks[1]);
    expect(second.blocks[2]?.raw).toBe('Second paragraph grows');
    expect(second.blocks[2]?.key).toBe(first.blocks[2]?.key);
    expect(second.generation).toBe(first.generation);
  });

  it('keeps the last block open while a following blank line could still extend it', () => {
    const splitter = new BlockSplitter();
    expect(splitter.split('- a\n\n', false).settled).toBe(0);
    const joined = splitter.split('- a\n\n- b', false);
    expect(joined.blocks).toHaveLength(1);
    expect(joined.blocks[0]?.token.type).toBe('list');
  });

  it('starts over when the text is replaced rather than extended', () => {
    const splitter = new BlockSplitter();
    const before = splitter.split('First.\n\nSecond.', false);
    const after = splitter.split('Other.\n\nSecond.', false);
    expect(after.generation).not.toBe(before.generation);
    expect(after.blocks.map((block) => block.raw)).toEqual(['Other.', 'Second.']);
  });

  it('treats CRLF like LF', () => {
    const splitter = new BlockSplitter();
    expect(renderSplit(splitter, 'a\r\n\r\n- b\r\n- c\r\n', true)).toBe(renderWhole('a\n\n- b\n- c\n'));
  });

  it('marks a change of meaning when a reference definition arrives after its use', () => {
    const splitter = new BlockSplitter();
    const before = splitter.split('Use [x].\n\nMore text.\n\n', false);
    const after = splitter.split('Use [x].\n\nMore text.\n\n[x]: https://x.example/\n', false);
    expect(after.generation).not.toBe(before.generation);
    expect(blockHtml([after.blocks[0]!.token])).toContain('href="https://x.example/"');
  });
});
