const wordSegmenter =
  typeof Intl !== 'undefined' && typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'word' }) : undefined;

export interface WordSpan {
  start: number;
  length: number;
}

/**
 * The word at or after `index`, for engines whose boundary events carry no
 * length (chrome.tts reports -1 for many voices) or point at the space or
 * quote before a word. Intl.Segmenter knows CJK words, which have no spaces
 * around them; without it a word runs to the next space.
 */
export function wordAt(text: string, index: number): WordSpan | undefined {
  const from = Math.max(0, index);
  const rest = text.slice(from);
  if (wordSegmenter) {
    for (const { segment, index: at, isWordLike } of wordSegmenter.segment(rest)) {
      if (isWordLike) return { start: from + at, length: segment.length };
    }
    return undefined;
  }
  const match = /\S+/u.exec(rest);
  return match ? { start: from + match.index, length: match[0].length } : undefined;
}
