// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HIGHLIGHT_CSS, PageHighlighter, SpokenHighlights } from '../../../lib/reader/highlighter';
import { readSpokenPage } from '../../../lib/reader/spoken-page';

/** jsdom has no CSS Custom Highlight API; a registry of Sets behaves the same for these checks. */
class FakeHighlight extends Set<AbstractRange> {
  constructor(...ranges: AbstractRange[]) {
    super(ranges);
  }
}

let registry: Map<string, FakeHighlight>;
const texts = (name: string) => [...(registry.get(name) ?? [])].map((r) => (r as Range).toString());
const rangeOver = (node: Node, start: number, end: number) => {
  const range = document.createRange();
  range.setStart(node, start);
  range.setEnd(node, end);
  return range;
};

describe('SpokenHighlights', () => {
  beforeEach(() => {
    registry = new Map();
    vi.stubGlobal('CSS', { highlights: registry });
    vi.stubGlobal('Highlight', FakeHighlight);
    document.body.innerHTML = '<p>One two. Three.</p>';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('paints a sentence and a word under its own names, and a new sentence drops the old word', () => {
    const text = document.querySelector('p')!.firstChild!;
    const highlights = new SpokenHighlights({ sentence: 'a-sentence', word: 'a-word' });
    highlights.sentence(rangeOver(text, 0, 8));
    highlights.word(rangeOver(text, 4, 7));
    expect(texts('a-sentence')).toEqual(['One two.']);
    expect(texts('a-word')).toEqual(['two']);
    highlights.sentence(rangeOver(text, 9, 15));
    expect(texts('a-sentence')).toEqual(['Three.']);
    expect(registry.has('a-word')).toBe(false);
    highlights.word(undefined);
    highlights.sentence(undefined);
    expect(registry.size).toBe(0);
  });

  it("leaves another highlighter's names alone when it clears", () => {
    const text = document.querySelector('p')!.firstChild!;
    const page = new SpokenHighlights({ sentence: 'page-sentence', word: 'page-word' });
    const answer = new SpokenHighlights({ sentence: 'answer-sentence', word: 'answer-word' });
    page.sentence(rangeOver(text, 0, 8));
    answer.sentence(rangeOver(text, 9, 15));
    answer.clear();
    expect([...registry.keys()]).toEqual(['page-sentence']);
  });

  it('paints nothing and says so where the browser has no highlight API', () => {
    vi.stubGlobal('CSS', {});
    const highlights = new SpokenHighlights({ sentence: 'a-sentence', word: 'a-word' });
    expect(highlights.available).toBe(false);
    highlights.sentence(rangeOver(document.querySelector('p')!.firstChild!, 0, 8));
    highlights.clear();
    expect(registry.size).toBe(0);
  });
});

/** The names HIGHLIGHT_CSS styles on the page. */
const SENTENCE_HIGHLIGHT = 'parley-sentence';
const WORD_HIGHLIGHT = 'parley-word';

describe('PageHighlighter', () => {
  beforeEach(() => {
    registry = new Map();
    vi.stubGlobal('CSS', { highlights: registry });
    vi.stubGlobal('Highlight', FakeHighlight);
    document.body.innerHTML = '<p>First sentence here. Second <i>one</i> follows.</p>';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('highlights the sentence and its words without changing the page', () => {
    const html = document.body.innerHTML;
    const highlighter = new PageHighlighter(readSpokenPage(document), window);
    highlighter.showSentence(1);
    expect(texts(SENTENCE_HIGHLIGHT)).toEqual(['Second one follows.']);
    highlighter.showWord(1, 7, 3);
    expect(texts(WORD_HIGHLIGHT)).toEqual(['one']);
    highlighter.showSentence(0);
    expect(texts(SENTENCE_HIGHLIGHT)).toEqual(['First sentence here.']);
    expect(registry.has(WORD_HIGHLIGHT)).toBe(false);
    highlighter.clear();
    expect(registry.size).toBe(0);
    expect(document.body.innerHTML).toBe(html);
    expect(HIGHLIGHT_CSS).toContain(`::highlight(${SENTENCE_HIGHLIGHT})`);
    expect(HIGHLIGHT_CSS).toContain(`::highlight(${WORD_HIGHLIGHT})`);
  });
});
