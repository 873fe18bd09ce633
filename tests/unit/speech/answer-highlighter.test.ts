// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnswerHighlighter } from '../../../components/speech/answer-highlighter';
import type { Sentence } from '../../../lib/speech/sentences';

/** jsdom has no CSS Custom Highlight API; a registry of Sets behaves the same for these checks. */
const sentence = (text: string): Sentence => ({ text, start: 0, end: text.length });

class FakeHighlight extends Set<AbstractRange> {
  constructor(...ranges: AbstractRange[]) {
    super(ranges);
  }
}

describe('AnswerHighlighter', () => {
  let registry: Map<string, FakeHighlight>;
  const texts = (name: string) => [...(registry.get(name) ?? [])].map((r) => (r as Range).toString());

  beforeEach(() => {
    registry = new Map();
    vi.stubGlobal('CSS', { highlights: registry });
    vi.stubGlobal('Highlight', FakeHighlight);
    document.body.innerHTML = '<div id="answer"><pre>Bye now.</pre><p>Hello <b>there</b>.</p><p>Bye now.</p></div>';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('marks the spoken sentence and word in the answer, skipping code, and clears its own names only', () => {
    const highlighter = new AnswerHighlighter(() => document.getElementById('answer'));
    const [hello, bye] = [sentence('Hello there.'), sentence('Bye now.')];
    highlighter.showSentence(hello);
    expect(texts('parley-answer-sentence')).toEqual(['Hello there.']);
    highlighter.showWord(hello, 6, 5);
    expect(texts('parley-answer-word')).toEqual(['there']);

    registry.set('parley-sentence', new FakeHighlight());
    highlighter.showSentence(bye);
    expect(texts('parley-answer-sentence')).toEqual(['Bye now.']);
    const painted = registry.get('parley-answer-sentence')!.values().next().value as Range;
    expect(painted.startContainer.parentElement?.tagName).toBe('P');
    expect(registry.has('parley-answer-word')).toBe(false);
    highlighter.clear();
    expect([...registry.keys()]).toEqual(['parley-sentence']);
  });

  it('finds the word again when the answer was rendered anew after its sentence was found', () => {
    const highlighter = new AnswerHighlighter(() => document.getElementById('answer'));
    const hello = sentence('Hello there.');
    highlighter.showSentence(hello);
    document.getElementById('answer')!.innerHTML = '<p>Hello <i>there</i>.</p>';
    highlighter.showWord(hello, 0, 5);
    expect(texts('parley-answer-word')).toEqual(['Hello']);
    expect((registry.get('parley-answer-word')!.values().next().value as Range).startContainer.isConnected).toBe(true);
  });
});
