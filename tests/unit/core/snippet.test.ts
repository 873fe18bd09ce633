import { describe, expect, it } from 'vitest';
import { queryMatcher, snippetAround } from '../../../lib/core/snippet';

function snippet(text: string, query: string, radius?: number) {
  return snippetAround(text, queryMatcher(query)!, radius);
}

describe('queryMatcher', () => {
  it('is undefined for a blank query', () => {
    expect(queryMatcher('')).toBeUndefined();
    expect(queryMatcher(' \n\t')).toBeUndefined();
  });

  it('matches the trimmed query literally and case-insensitively', () => {
    const m = queryMatcher('  [a+b]? ')!;
    expect(m.test('x [A+B]? y')).toBe(true);
    expect(m.test('aab')).toBe(false);
  });
});

describe('snippetAround', () => {
  it('returns undefined without a hit', () => {
    expect(snippet('hello', 'bye')).toBeUndefined();
  });

  it('keeps the original casing of the hit and short texts whole', () => {
    expect(snippet('Say HeLLo there', 'hello')).toEqual({ before: 'Say ', match: 'HeLLo', after: ' there' });
  });

  it('cuts long text around the first hit and marks the cuts', () => {
    const text = `${'a'.repeat(50)}needle${'b'.repeat(50)} needle`;
    expect(snippet(text, 'needle', 5)).toEqual({ before: '…aaaaa', match: 'needle', after: 'bbbbb…' });
  });

  it('collapses whitespace so a multi-line message reads as one line', () => {
    expect(snippet('  first line\n\n  second\tline  ', 'second')).toEqual({
      before: 'first line ',
      match: 'second',
      after: ' line',
    });
  });

  it('never splits a surrogate pair at a cut', () => {
    const text = `x😀${'y'.repeat(3)}hit${'z'.repeat(3)}😀x`;
    // A radius of 4 would land inside each emoji.
    const s = snippet(text, 'hit', 4)!;
    expect(s.before).toBe('…😀yyy');
    expect(s.after).toBe('zzz😀…');
  });

  it('finds hits whose lowercase form has a different length', () => {
    // 'İ' lowercases to two code units; the snippet must still line up with the original text.
    expect(snippet('İstanbul trip', 'trip')).toEqual({ before: 'İstanbul ', match: 'trip', after: '' });
  });
});
