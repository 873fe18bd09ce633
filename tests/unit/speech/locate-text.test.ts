import { describe, expect, it } from 'vitest';
import { locateText } from '../../../lib/speech/locate-text';

describe('locating spoken text on screen', () => {
  it('finds an exact match from the given position on', () => {
    const screen = 'One. Two. One.';
    const span = locateText(screen, 'One.', 1)!;
    expect([span.start, span.end]).toEqual([10, 14]);
    expect(span.at(2)).toBe(12);
  });

  it('ignores differences in whitespace and maps characters across them', () => {
    const screen = 'Name\nAge  here';
    const span = locateText(screen, 'Name Age here')!;
    expect([span.start, span.end]).toEqual([0, 14]);
    expect(screen.slice(span.at(5), span.at(7) + 1)).toBe('Age');
    expect(screen.slice(span.at(9), span.at(12) + 1)).toBe('here');
  });

  it('gives up on text that is not there', () => {
    expect(locateText('abc', 'abd')).toBeUndefined();
    expect(locateText('abc', '')).toBeUndefined();
    expect(locateText('abc', '   ')).toBeUndefined();
  });
});
