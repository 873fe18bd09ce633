/** A sentence and where it sits: `text === source.slice(start, end)`, trimmed of surrounding whitespace. */
export interface Sentence {
  text: string;
  start: number;
  end: number;
}

/**
 * `rules` uses only the punctuation tables below. `intl` adds the boundaries
 * Intl.Segmenter finds after terminators of scripts the tables do not list
 * (Devanagari danda, Armenian, Ethiopic…); at every terminator the tables do
 * list, the rules decide on both paths, so abbreviations, URLs and decimals
 * come out the same whichever is used.
 */
export type SentenceSegmenter = 'intl' | 'rules';

export interface SplitOptions {
  /** Defaults to `intl` where Intl.Segmenter exists. */
  segmenter?: SentenceSegmenter;
  /** Locale handed to Intl.Segmenter. */
  locale?: string;
}

/** Terminators written before a space; they end a sentence only when whitespace or the end follows. */
const LATIN_TERMINATORS = new Set('.!?…‼⁇⁈⁉؟\u2024');
/** CJK terminators end a sentence with nothing after them, as the scripts put no space between sentences. */
const CJK_TERMINATORS = new Set('。！？；．｡﹒﹖﹗︒');
const CLOSERS = new Set('"\'”’»›)]}」』）】〕〉》〗〙〛＂＇］｝');
const LINE_BREAKS = new Set('\n\r\u0085\u2028\u2029');

/** Lower-cased tokens that end in a period without ending the sentence. */
const ABBREVIATIONS = new Set([
  'mr.',
  'mrs.',
  'ms.',
  'dr.',
  'prof.',
  'sr.',
  'sra.',
  'jr.',
  'st.',
  'mt.',
  'vs.',
  'etc.',
  'cf.',
  'approx.',
  'e.g.',
  'i.e.',
  'a.m.',
  'p.m.',
  'u.s.',
  'u.k.',
  'u.s.a.',
  'z.b.',
  'd.h.',
  'bzw.',
  'usw.',
]);
/** Abbreviations that only stay open before a number ("No. 5"), so "I said no. Then…" still ends. */
const NUMBER_ABBREVIATIONS = new Set(['no.', 'nos.', 'nr.', 'vol.', 'fig.', 'p.', 'pp.', 'ch.', 'art.']);

const isWhitespace = (ch: string | undefined) => ch !== undefined && /\s/.test(ch);
const isDigit = (ch: string | undefined) => ch !== undefined && /\p{Nd}/u.test(ch);
const isLowercase = (ch: string | undefined) => ch !== undefined && /\p{Ll}/u.test(ch);
const isTerminator = (ch: string | undefined) => ch !== undefined && (LATIN_TERMINATORS.has(ch) || CJK_TERMINATORS.has(ch));

function skipBack(text: string, from: number, floor: number, test: (ch: string) => boolean): number {
  let i = from;
  while (i > floor && test(text[i - 1]!)) i--;
  return i;
}

/** The position after a run of terminators and the closing quotes/brackets that follow it. */
function endOfTerminatorRun(text: string, i: number): number {
  let j = i;
  while (isTerminator(text[j])) j++;
  while (j < text.length && CLOSERS.has(text[j]!)) j++;
  return j;
}

/**
 * Whether the tables' rules reject a boundary proposed at `cut` (just after a
 * terminator run and its closers). `undefined` means the position does not
 * follow a listed terminator, so the rules have no say.
 */
function rejected(text: string, cut: number): boolean | undefined {
  const run = skipBack(text, cut, 0, (ch) => CLOSERS.has(ch));
  const runStart = skipBack(text, run, 0, isTerminator);
  if (runStart === run) return undefined;
  const last = text[run - 1]!;
  const next = text[cut];
  if (CJK_TERMINATORS.has(last)) return last === '．' && isDigit(text[runStart - 1]) && isDigit(next);
  // URLs, e-mail addresses, decimals and "U.S.A" carry their dots with no space after.
  if (next !== undefined && !isWhitespace(next)) return true;
  let n = cut;
  while (isWhitespace(text[n])) n++;
  const following = text[n];
  if (following === undefined) return false;
  // "e.g. for", "Wait... what": a lower-case continuation is the same sentence.
  if (isLowercase(following)) return true;
  if (last !== '.' || runStart !== run - 1) return false;
  const tokenStart = skipBack(text, runStart, 0, (ch) => /[\p{L}\p{Nd}.]/u.test(ch));
  const token = text.slice(tokenStart, run).toLowerCase();
  if (ABBREVIATIONS.has(token) || (NUMBER_ABBREVIATIONS.has(token) && isDigit(following))) return true;
  return isListMarker(text, tokenStart, token);
}

/** "1. Install…" at the start of a line numbers a list item rather than ending a sentence. */
function isListMarker(text: string, tokenStart: number, token: string): boolean {
  if (!/^\d{1,3}\.$/.test(token)) return false;
  const lineStart = skipBack(text, tokenStart, 0, (ch) => ch === ' ' || ch === '\t');
  return lineStart === 0 || LINE_BREAKS.has(text[lineStart - 1]!);
}

function ruleCuts(text: string, from: number, cuts: Set<number>): void {
  let i = from;
  while (i < text.length) {
    const ch = text[i]!;
    if (LINE_BREAKS.has(ch)) {
      cuts.add(skipBack(text, i, from, isWhitespace));
      i++;
    } else if (isTerminator(ch)) {
      const end = endOfTerminatorRun(text, i);
      if (!rejected(text, end)) cuts.add(end);
      i = end;
    } else {
      i++;
    }
  }
}

const segmenters = new Map<string | undefined, Intl.Segmenter>();

function sentenceSegmenter(locale: string | undefined): Intl.Segmenter {
  let segmenter = segmenters.get(locale);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(locale, { granularity: 'sentence' });
    segmenters.set(locale, segmenter);
  }
  return segmenter;
}

const isUnlistedTerminal = (ch: string) => !isTerminator(ch) && /\p{Sentence_Terminal}/u.test(ch);

/**
 * Intl.Segmenter only contributes boundaries after terminators the tables do
 * not list, and it is slow on long input, so it is run line by line (a line
 * break is a boundary for it too) and only on lines holding such a terminator.
 */
function intlCuts(text: string, from: number, locale: string | undefined, cuts: Set<number>): void {
  let lineStart = from;
  let unlisted = false;
  for (let i = from; i <= text.length; i++) {
    const ch = text[i];
    if (ch !== undefined && !LINE_BREAKS.has(ch)) {
      unlisted ||= isUnlistedTerminal(ch);
      continue;
    }
    if (unlisted) {
      for (const { index, segment } of sentenceSegmenter(locale).segment(text.slice(lineStart, i))) {
        const cut = skipBack(text, lineStart + index + segment.length, lineStart, isWhitespace);
        if (cut > lineStart && rejected(text, cut) === undefined) cuts.add(cut);
      }
    }
    lineStart = i + 1;
    unlisted = false;
  }
}

function resolveSegmenter(segmenter: SentenceSegmenter | undefined): SentenceSegmenter {
  if (segmenter) return segmenter;
  return typeof Intl !== 'undefined' && typeof Intl.Segmenter === 'function' ? 'intl' : 'rules';
}

/** Sentences of `text` that start at or after `from`, which must be a sentence boundary. */
function sentencesFrom(text: string, from: number, options: SplitOptions): Sentence[] {
  const cuts = new Set<number>();
  ruleCuts(text, from, cuts);
  if (resolveSegmenter(options.segmenter) === 'intl') intlCuts(text, from, options.locale, cuts);
  const bounds = [...cuts].sort((a, b) => a - b);
  bounds.push(text.length);
  const sentences: Sentence[] = [];
  let previous = from;
  for (const bound of bounds) {
    let start = previous;
    while (start < bound && isWhitespace(text[start])) start++;
    const end = skipBack(text, bound, start, isWhitespace);
    if (start < end) sentences.push({ text: text.slice(start, end), start, end });
    previous = bound;
  }
  return sentences;
}

/**
 * Splits readable text into sentences at Latin (. ! ? …), CJK (。！？；) and
 * Arabic (؟) terminators and at every line break, keeping common
 * abbreviations, decimals, URLs and e-mail addresses inside their sentence.
 */
export function splitSentences(text: string, options: SplitOptions = {}): Sentence[] {
  return sentencesFrom(text, 0, options);
}

export interface SentenceStream {
  /** Appends text and returns the sentences that no later text can change. */
  push(chunk: string): Sentence[];
  /** Returns whatever is left once the text is complete. */
  flush(): Sentence[];
}

/**
 * Splits text that arrives in pieces, e.g. a streaming answer read aloud as it
 * is written. Offsets are into the whole text pushed so far; the sentences
 * from every push plus flush equal splitSentences of the whole text.
 */
export function createSentenceStream(options: SplitOptions = {}): SentenceStream {
  const resolved: SplitOptions = { ...options, segmenter: resolveSegmenter(options.segmenter) };
  let text = '';
  let settled = 0;
  return {
    push(chunk) {
      text += chunk;
      // The last sentence may still grow, and whether its boundary holds depends on what
      // follows it; once the next sentence has begun, every rule has what it needs.
      const complete = sentencesFrom(text, settled, resolved).slice(0, -1);
      const last = complete.at(-1);
      if (last) settled = last.end;
      return complete;
    },
    flush() {
      const rest = sentencesFrom(text, settled, resolved);
      settled = text.length;
      return rest;
    },
  };
}
