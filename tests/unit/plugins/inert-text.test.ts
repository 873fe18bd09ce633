import { describe, expect, it } from 'vitest';
import { inertText } from '../../../lib/core/inert-text';

describe('inertText', () => {
  it.each([
    ['\u202A', '\\u202A'],
    ['\u202B', '\\u202B'],
    ['\u202C', '\\u202C'],
    ['\u202D', '\\u202D'],
    ['\u202E', '\\u202E'],
    ['\u2066', '\\u2066'],
    ['\u2067', '\\u2067'],
    ['\u2068', '\\u2068'],
    ['\u2069', '\\u2069'],
    ['\u200E', '\\u200E'],
    ['\u200F', '\\u200F'],
    ['\u061C', '\\u061C'],
  ])('writes %j out visibly', (control, shown) => {
    expect(inertText(`a${control}b`)).toBe(`a${shown}b`);
  });

  it('shows a disguised file name as it is stored', () => {
    expect(inertText('Invoice \u202Etxt.exe')).toBe('Invoice \\u202Etxt.exe');
  });

  it('leaves ordinary text of any script alone, joiners and emoji included', () => {
    const text = 'طقس مباشر — 天气 — Météo 👩‍💻 a\u200Db';
    expect(inertText(text)).toBe(text);
  });
});
