// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageHighlighter, SENTENCE_HIGHLIGHT, WORD_HIGHLIGHT } from '../../../lib/reader/highlighter';
import { readSpokenPage } from '../../../lib/reader/spoken-page';

/** jsdom has no CSS Custom Highlight API; a registry of Sets behaves the same for these checks. */
class FakeHighlight extends Set<AbstractRange> {
  constructor(...ranges: AbstractRange[]) {
    super(ranges);
  }
}

describe('PageHighlighter', () => {
  let registry: Map<string, FakeHighlight>;

  beforeEach(() => {
    registry = new Map();
    vi.stubGlobal('CSS', { highlights: registry });
    vi.stubGlobal('Highlight', FakeHighlight);
    document.body.innerHTML = '<p>First sentence here. Second <i>one</i> follows.</p>';
  });
  afterEach(() => vi.unstubAllGlobals());

  const texts = (name: string) => [...(registry.get(name) ?? [])].map((r) => (r as Range).toString());

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
  });
});
