/** Where a spoken sentence sits in the text on screen; `at(i)` is the on-screen index of the sentence's character i. */
export interface TextSpan {
  start: number;
  end: number;
  at(index: number): number;
}

const WHITESPACE = /\s/;

/**
 * Finds `needle` in `haystack` at or after `from`: exactly, or else ignoring
 * whitespace, since what the voice reads and what the panel renders can
 * differ in spacing and line breaks (a table cell, a list item) but not in
 * the characters themselves.
 */
export function locateText(haystack: string, needle: string, from = 0): TextSpan | undefined {
  if (!needle) return undefined;
  const exact = haystack.indexOf(needle, from);
  if (exact !== -1) return { start: exact, end: exact + needle.length, at: (i) => exact + Math.min(Math.max(0, i), needle.length) };

  const hayIndex: number[] = [];
  let compactHay = '';
  for (let i = Math.max(0, from); i < haystack.length; i++) {
    if (WHITESPACE.test(haystack[i]!)) continue;
    compactHay += haystack[i];
    hayIndex.push(i);
  }
  const needleIndex: number[] = [];
  let compactNeedle = '';
  for (let i = 0; i < needle.length; i++) {
    if (WHITESPACE.test(needle[i]!)) continue;
    compactNeedle += needle[i];
    needleIndex.push(i);
  }
  if (!compactNeedle) return undefined;
  const found = compactHay.indexOf(compactNeedle);
  if (found === -1) return undefined;
  const start = hayIndex[found]!;
  const end = hayIndex[found + compactNeedle.length - 1]! + 1;
  return {
    start,
    end,
    at(i) {
      // The first non-space needle character at or after i decides.
      let k = needleIndex.findIndex((n) => n >= i);
      if (k === -1) return end;
      k = Math.min(k, compactNeedle.length - 1);
      return hayIndex[found + k]!;
    },
  };
}
