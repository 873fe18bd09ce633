import { describe, expect, it } from 'vitest';
import { DictationDraft, insertDictated, joinTranscripts, needsSpace } from '../../../lib/speech/dictation';

const at = (text: string, start = text.length, end = start) => ({ text, selectionStart: start, selectionEnd: end });

describe('spacing dictated words', () => {
  it('spaces words apart but not before punctuation, after an opening bracket, or in CJK text', () => {
    expect(needsSpace('Hello', 'world')).toBe(true);
    expect(needsSpace('Hello ', 'world')).toBe(false);
    expect(needsSpace('Hello', ', world')).toBe(false);
    expect(needsSpace('(', 'aside')).toBe(false);
    expect(needsSpace('你好', '世界')).toBe(false);
    expect(needsSpace('', 'x')).toBe(false);
  });

  it('joins recognizer results as words', () => {
    expect(joinTranscripts(['hello', ' world', '', 'again '])).toBe('hello world again');
    expect(joinTranscripts(['今日は', 'いい天気'])).toBe('今日はいい天気');
  });
});

describe('inserting dictated words', () => {
  it('puts them at the caret with spaces around, and the caret after them', () => {
    expect(insertDictated(at('Dear Ann thanks', 8), 'and Bob')).toEqual({ text: 'Dear Ann and Bob thanks', caret: 16 });
  });

  it('replaces a selection', () => {
    expect(insertDictated(at('I like cats.', 7, 11), 'dogs')).toEqual({ text: 'I like dogs.', caret: 11 });
  });

  it('leaves the text alone while nothing has been heard', () => {
    expect(insertDictated(at('keep me', 0, 4), '  ')).toEqual({ text: 'keep me', caret: 4 });
  });
});

describe('dictating into text the user is typing', () => {
  it('shows interim words live around what was typed, then the final words', () => {
    const box = at('Hello', 5);
    const draft = new DictationDraft(box);
    let shown = draft.update('wor', box);
    expect(shown).toEqual({ text: 'Hello wor', caret: 9 });
    shown = draft.update('world', { text: shown.text, selectionStart: shown.caret, selectionEnd: shown.caret });
    expect(shown.text).toBe('Hello world');
    shown = draft.update('world again', at(shown.text));
    expect(shown.text).toBe('Hello world again');
  });

  it('keeps text typed during dictation and puts later words at the new caret', () => {
    const draft = new DictationDraft(at('', 0));
    const shown = draft.update('buy milk', at('', 0));
    expect(shown.text).toBe('buy milk');
    // The user types a heading in front while the recognizer goes on.
    const edited = 'List: buy milk';
    expect(draft.update('buy milk and eggs', at(edited)).text).toBe('List: buy milk and eggs');
    expect(draft.update('buy milk and eggs please', at('List: buy milk and eggs')).text).toBe('List: buy milk and eggs please');
  });

  it('does not lose the typed text when the recognizer revises its guess to something shorter', () => {
    const draft = new DictationDraft(at('Note:', 5));
    draft.update('the weather is', at('Note:'));
    expect(draft.update('the', at('Note: the weather is')).text).toBe('Note: the');
  });
});
