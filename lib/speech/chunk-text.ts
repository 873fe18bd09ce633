import { splitSentences, type SplitOptions } from './sentences';

/** A request-sized piece of text: `text === source.slice(start, end)`. */
export interface TextChunk {
  text: string;
  start: number;
  end: number;
}

/** OpenAI's /audio/speech rejects `input` longer than this. */
export const OPENAI_SPEECH_INPUT_LIMIT = 4096;

export interface ChunkOptions extends SplitOptions {
  /** In UTF-16 code units, which never undercounts a service that counts characters. */
  maxLength?: number;
}

/** Clause marks that need a space after them to be a break (the comma in "1,000" is not). */
const LATIN_CLAUSE = new Set(',;:—–،؛');
/** CJK clause marks, written with no space after. */
const CJK_CLAUSE = new Set('，、：﹐﹑');

const isWhitespace = (ch: string | undefined) => ch !== undefined && /\s/.test(ch);

function isClauseBreak(text: string, i: number): boolean {
  const before = text[i - 1];
  if (before === undefined) return false;
  return CJK_CLAUSE.has(before) || (LATIN_CLAUSE.has(before) && (i === text.length || isWhitespace(text[i])));
}

function isWordBreak(text: string, i: number): boolean {
  return !isWhitespace(text[i - 1]) && isWhitespace(text[i]);
}

/** Cutting before these would tear a character or a grapheme cluster apart. */
function splitsCluster(text: string, i: number): boolean {
  const after = text.charCodeAt(i);
  const before = text.charCodeAt(i - 1);
  if (after >= 0xdc00 && after <= 0xdfff && before >= 0xd800 && before <= 0xdbff) return true;
  return before === 0x200d || /[\p{M}\u200D]/u.test(text[i] ?? '');
}

function lastBreak(text: string, from: number, to: number, test: (text: string, i: number) => boolean): number | undefined {
  for (let i = to; i >= from; i--) if (test(text, i)) return i;
  return undefined;
}

/**
 * Where a piece starting at `start` should end so it is at most `max` long:
 * a clause mark in the second half of the window, else the last space, else
 * any clause mark, else the last position that keeps characters whole.
 */
function pieceEnd(text: string, start: number, max: number): number {
  const limit = start + max;
  return (
    lastBreak(text, start + Math.ceil(max / 2), limit, isClauseBreak) ??
    lastBreak(text, start + 1, limit, isWordBreak) ??
    lastBreak(text, start + 1, limit, isClauseBreak) ??
    lastBreak(text, start + 1, limit, (t, i) => !splitsCluster(t, i)) ??
    // A single cluster longer than the limit: keep surrogate pairs whole at least.
    (text.charCodeAt(limit) >= 0xdc00 && text.charCodeAt(limit) <= 0xdfff ? limit - 1 : limit)
  );
}

function splitLong(text: string, start: number, end: number, max: number): TextChunk[] {
  const pieces: TextChunk[] = [];
  let pos = start;
  while (end - pos > max) {
    const cut = pieceEnd(text, pos, max);
    let pieceEndAt = cut;
    while (pieceEndAt > pos && isWhitespace(text[pieceEndAt - 1])) pieceEndAt--;
    pieces.push({ text: text.slice(pos, pieceEndAt), start: pos, end: pieceEndAt });
    pos = cut;
    while (pos < end && isWhitespace(text[pos])) pos++;
  }
  if (pos < end) pieces.push({ text: text.slice(pos, end), start: pos, end });
  return pieces;
}

/**
 * Cuts text into as few chunks of at most `maxLength` as sentence boundaries
 * allow, packing whole sentences together; a sentence over the limit is cut at
 * clause marks, then spaces, and only then inside a word.
 */
export function chunkText(text: string, options: ChunkOptions = {}): TextChunk[] {
  const max = options.maxLength ?? OPENAI_SPEECH_INPUT_LIMIT;
  if (!Number.isInteger(max) || max < 2) throw new RangeError(`maxLength must be an integer of at least 2, got ${max}`);
  const pieces = splitSentences(text, options).flatMap((s) => (s.end - s.start > max ? splitLong(text, s.start, s.end, max) : [s]));
  const chunks: TextChunk[] = [];
  let current: { start: number; end: number } | undefined;
  for (const piece of pieces) {
    if (current && piece.end - current.start <= max) {
      current.end = piece.end;
      continue;
    }
    if (current) chunks.push({ text: text.slice(current.start, current.end), start: current.start, end: current.end });
    current = { start: piece.start, end: piece.end };
  }
  if (current) chunks.push({ text: text.slice(current.start, current.end), start: current.start, end: current.end });
  return chunks;
}
