import { describe, expect, it } from 'vitest';
import { highlightSegments } from '../../../components/history/highlight';

const marked = (text: string, query: string) =>
  highlightSegments(text, query)
    .map((s) => (s.match ? `[${s.text}]` : s.text))
    .join('');

describe('highlightSegments', () => {
  it('marks every case-insensitive occurrence and keeps the original text', () => {
    expect(marked('Soup, more SOUP and soups', 'soup')).toBe('[Soup], more [SOUP] and [soup]s');
    expect(highlightSegments('Soup, more SOUP', 'soup')).toEqual([
      { text: 'Soup', match: true },
      { text: ', more ', match: false },
      { text: 'SOUP', match: true },
    ]);
  });

  it('matches the query literally, trimmed, as the search does', () => {
    expect(marked('What is 2+2 (really)?', ' 2+2 (')).toBe('What is [2+2 (]really)?');
    expect(marked('a.b axb', 'a.b')).toBe('[a.b] axb');
  });

  it('leaves the text whole for a blank query or no match', () => {
    expect(highlightSegments('Greek letters', '  ')).toEqual([{ text: 'Greek letters', match: false }]);
    expect(highlightSegments('Greek letters', 'zeta')).toEqual([{ text: 'Greek letters', match: false }]);
    expect(highlightSegments('', 'zeta')).toEqual([]);
  });

  it('marks text outside Latin script and keeps surrogate pairs whole', () => {
    expect(marked('مرحبا بالعالم', 'العالم')).toBe('مرحبا ب[العالم]');
    expect(marked('🍲 soup 🍲', '🍲')).toBe('[🍲] soup [🍲]');
  });
});
