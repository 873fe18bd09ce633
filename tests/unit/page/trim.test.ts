import { describe, expect, it } from 'vitest';
import type { ContextBlock } from '../../../lib/core/conversation';
import { scorePassages, terms } from '../../../lib/page/relevance';
import { GAP_MARK, LEAD_CHARS, PAGE_CONTEXT_BUDGET, fitContext, passagesOf, trimToBudget } from '../../../lib/page/trim';

const filler = (n: number, topic: string) => `Paragraph ${n} talks about ${topic} at some length. `.repeat(8).trim();

/** A long page: a lead, many paragraphs on gardening, one on volcanoes deep inside. */
function page(paragraphs = 200): string {
  const body = Array.from({ length: paragraphs }, (_, i) =>
    i === 150 ? 'Volcanoes erupt when magma pressure builds beneath the crust; basalt lava flows far.' : filler(i, 'gardening and soil'),
  );
  return ['The Field Guide to Everything — an introduction to this page.', ...body].join('\n');
}

describe('terms', () => {
  it('lowercases, drops one-letter words and cuts words to a shared prefix', () => {
    expect(terms('A Volcano erupts; volcanoes ERUPTED')).toEqual(['volcan', 'erupts', 'volcan', 'erupte']);
  });

  it('splits unspaced scripts into character bigrams', () => {
    expect(terms('火山の噴火')).toEqual(['火山', '山の', 'の噴', '噴火']);
    expect(terms('東京 tower')).toEqual(['東京', 'tower']);
  });
});

describe('scorePassages', () => {
  it('ranks the passage that shares rare question words highest', () => {
    const scores = scorePassages(['the cat sat on the mat', 'the volcano erupted with lava', 'the dog ran'], 'Why did the volcano erupt?');
    expect(scores.indexOf(Math.max(...scores))).toBe(1);
  });

  it('scores nothing when the question shares no term', () => {
    expect(scorePassages(['alpha beta', 'gamma'], 'zzz')).toEqual([0, 0]);
    expect(scorePassages(['alpha'], '')).toEqual([0]);
  });
});

describe('trimToBudget', () => {
  it('leaves text within the budget untouched', () => {
    expect(trimToBudget('short\n\ntext', 'q', 100)).toBe('short\n\ntext');
  });

  it('keeps the lead and the relevant passage, in order, within the budget', () => {
    const text = page();
    expect(text.length).toBeGreaterThan(PAGE_CONTEXT_BUDGET);
    const trimmed = trimToBudget(text, 'What happens when volcanoes erupt?', 3_000);
    expect(trimmed.length).toBeLessThanOrEqual(3_000);
    expect(trimmed.startsWith('The Field Guide to Everything')).toBe(true);
    expect(trimmed).toContain('Volcanoes erupt when magma pressure builds');
    expect(trimmed).toContain(GAP_MARK);
    const lines = trimmed.split('\n').filter((l) => l !== GAP_MARK);
    const positions = lines.map((l) => text.indexOf(l));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('falls back to the start of the page when nothing matches the question', () => {
    const text = page();
    const trimmed = trimToBudget(text, 'zzzz', 2_000);
    expect(trimmed.length).toBeLessThanOrEqual(2_000);
    expect(trimmed).not.toContain('Volcanoes');
    expect(trimmed).toContain('Paragraph 0 ');
    expect(trimmed.endsWith(GAP_MARK)).toBe(true);
  });

  it('keeps the lead up to its allowance even when later text matches better', () => {
    const lead = Array.from({ length: 5 }, (_, i) => `Lead sentence number ${i} of the introduction.`);
    const text = [...lead, ...Array.from({ length: 100 }, (_, i) => filler(i, 'bees'))].join('\n');
    const trimmed = trimToBudget(text, 'bees', 2_500);
    for (const line of lead) expect(trimmed).toContain(line);
    expect(lead.join('\n').length).toBeLessThan(LEAD_CHARS);
  });

  it('splits a wall of text without line breaks so it can still be trimmed', () => {
    const wall = Array.from({ length: 400 }, (_, i) => (i === 300 ? 'The secret word is pineapple.' : `Sentence ${i} is filler.`)).join(
      ' ',
    );
    expect(passagesOf(wall).length).toBeGreaterThan(1);
    const trimmed = trimToBudget(wall, 'What is the secret word?', 2_000);
    expect(trimmed.length).toBeLessThanOrEqual(2_000);
    expect(trimmed).toContain('The secret word is pineapple.');
  });

  it('never exceeds a budget smaller than the first paragraph', () => {
    const trimmed = trimToBudget(`${'x'.repeat(5_000)}\nmore`, 'q', 100);
    expect(trimmed.length).toBeLessThanOrEqual(100);
  });
});

describe('fitContext', () => {
  const block = (kind: ContextBlock['kind'], text: string): ContextBlock => ({ kind, text, title: kind });

  it('returns blocks as they are when they fit together', () => {
    const blocks = [block('selection', 'a'), block('page', 'b')];
    expect(fitContext(blocks, 'q', 10)).toEqual(blocks);
  });

  it('keeps a short selection whole and trims the long page into the rest of the budget', () => {
    const selection = block('selection', 'A short quote about volcanoes.');
    const long = block('page', page());
    const [s, p] = fitContext([selection, long], 'volcano', 4_000);
    expect(s).toEqual(selection);
    expect(p!.title).toBe('page');
    expect(p!.text.length).toBeLessThanOrEqual(4_000 - selection.text.length);
    expect(p!.text).toContain('Volcanoes erupt');
  });

  it('shares the budget between two long blocks', () => {
    const fitted = fitContext([block('page', page()), block('selection', page())], 'volcano', 6_000);
    const total = fitted.reduce((n, b) => n + b.text.length, 0);
    expect(total).toBeLessThanOrEqual(6_000);
    expect(fitted.every((b) => b.text.length > 2_000)).toBe(true);
  });
});
