import type { Token } from 'marked';
import { lexMarkdown } from './markdown-parser';
import { FenceScanner, openingFence } from './open-fence';

export interface Block {
  /** Offset of the block in the text: stable while the text only grows, so it serves as the React key. */
  readonly key: number;
  readonly raw: string;
  readonly token: Token;
}

export interface Split {
  readonly blocks: readonly Block[];
  /** blocks[0..settled) can no longer change as text is appended. */
  readonly settled: number;
  /** Changes when earlier blocks may render differently although their source did not. */
  readonly generation: number;
  /**
   * True when part of the text is not lexed yet: each call lexes a bounded
   * stretch, so opening a huge answer never becomes one long task. Call again
   * (on a later frame) with the same text to continue.
   */
  readonly pending: boolean;
}

const INVISIBLE = new Set(['space', 'def']);

/** At most this much markdown is lexed per call (marked's cost grows faster than the text). */
export const LEX_WINDOW = 24 * 1024;
/**
 * A paragraph that grows past this is cut at a word boundary and its first
 * part settled, so a single giant paragraph is not re-lexed whole on every
 * delta. The cost: an emphasis or link that spans the cut renders as its
 * source text, acceptable in a paragraph this long.
 */
export const GIANT_PARAGRAPH = 12 * 1024;

/**
 * Splits streamed markdown into top-level blocks without re-lexing what is
 * already settled: every block before the last one is closed for good, so
 * each update lexes only from the start of the last block. A fenced code
 * block is scanned line by line rather than lexed, and a giant paragraph is
 * cut, so one huge block costs no more than the text appended to it. Two cases
 * fall back to lexing everything: text that is not an extension of the
 * previous text (start over), and reference definitions (`[x]: url`), which
 * change the meaning of blocks before them.
 */
export class BlockSplitter {
  #text = '';
  #final = false;
  #settled: Block[] = [];
  #settledEnd = 0;
  #incremental = true;
  #generation = 0;
  #fence: FenceScanner | undefined;
  #result: Split = { blocks: [], settled: 0, generation: 0, pending: false };

  split(input: string, final: boolean): Split {
    const text = input.includes('\r') ? input.replace(/\r\n?/g, '\n') : input;
    if (text === this.#text && final === this.#final && !this.#result.pending) return this.#result;
    if (!text.startsWith(this.#text.slice(0, this.#settledEnd))) this.#restart();
    this.#text = text;
    this.#final = final;
    this.#result = this.#incremental ? this.#advance(text, final) : this.#whole(text);
    return this.#result;
  }

  /** Lexes from the last settled block on, at most about LEX_WINDOW characters per call. */
  #advance(text: string, final: boolean): Split {
    let budget = LEX_WINDOW;
    for (;;) {
      const start = this.#settledEnd;
      const tail = text.slice(start);

      const opening = openingFence(tail);
      if (opening) {
        if (this.#fence?.fence !== opening.fence) this.#fence = new FenceScanner(opening);
        const scan = this.#fence.scan(tail, final);
        const block: Block = { key: start, raw: scan.token.raw, token: scan.token };
        if (!scan.closed || scan.end === tail.length) return this.#done(this.#settled, block);
        this.#settled = [...this.#settled, block];
        this.#settledEnd = start + scan.end;
        this.#fence = undefined;
        continue;
      }
      this.#fence = undefined;

      // A window that settles nothing (one block longer than it) or whose offsets drifted is widened.
      let window = LEX_WINDOW;
      let end: number;
      let lexed: Lexed;
      for (;;) {
        end = Math.min(text.length, start + window);
        lexed = lexBlocks(text.slice(start, end), start, end < text.length);
        if (lexed.links) {
          this.#incremental = false;
          this.#restart();
          return this.#whole(text);
        }
        if ((lexed.progress > 0 && lexed.exact) || end === text.length) break;
        window *= 2;
      }
      budget -= end - start;

      if (!lexed.cut) {
        // The whole rest is lexed: its blocks are kept only when their offsets can be trusted.
        if (!lexed.exact) return this.#done([...this.#settled, ...lexed.settled], lexed.last);
        this.#settled = [...this.#settled, ...lexed.settled];
        this.#settledEnd = start + lexed.progress;
        return this.#done(this.#settled, lexed.last);
      }
      this.#settled = [...this.#settled, ...lexed.settled];
      this.#settledEnd = start + lexed.progress;
      if (budget <= 0) return this.#done(this.#settled, undefined, true);
    }
  }

  /** Lexes the whole text: the fallback when reference definitions make blocks depend on later text. */
  #whole(text: string): Split {
    this.#settled = [];
    this.#settledEnd = 0;
    const lexed = lexBlocks(text, 0, false);
    return this.#done(lexed.settled, lexed.last);
  }

  #done(settled: readonly Block[], last: Block | undefined, pending = false): Split {
    return { blocks: last ? [...settled, last] : settled, settled: settled.length, generation: this.#generation, pending };
  }

  #restart(): void {
    this.#settled = [];
    this.#settledEnd = 0;
    this.#fence = undefined;
    this.#generation++;
  }
}

interface Lexed {
  settled: Block[];
  last: Block | undefined;
  /** Characters covered by the settled blocks (and the blank lines between them). */
  progress: number;
  /** The lexed stretch stopped short of the text's end. */
  cut: boolean;
  /** marked kept every character of the source in its raw text, so offsets can be trusted. */
  exact: boolean;
  links: boolean;
}

/** Lexes `src` (starting at `offset` in the whole text); every visible block but the last is settled. */
function lexBlocks(src: string, offset: number, cut: boolean): Lexed {
  const tokens = lexMarkdown(src);
  const links = Object.keys(tokens.links).length > 0;
  let lastVisible = tokens.length - 1;
  while (lastVisible >= 0 && tokens[lastVisible]?.type === 'space') lastVisible--;

  const settled: Block[] = [];
  let at = offset;
  let last: Block | undefined;
  tokens.forEach((token, index) => {
    if (index === lastVisible && !INVISIBLE.has(token.type)) last = { key: at, raw: token.raw, token };
    else if (index < lastVisible && !INVISIBLE.has(token.type)) settled.push({ key: at, raw: token.raw, token });
    if (index < lastVisible) at += token.raw.length;
  });
  // marked occasionally normalises raw text (a joined line gains a newline);
  // offsets would then drift, so such a round's blocks are used but not kept.
  const exact = tokens.reduce((sum, token) => sum + token.raw.length, 0) === src.length;

  if (exact && last && last.token.type === 'paragraph' && last.raw.length > GIANT_PARAGRAPH) {
    const split = cutParagraph(last.raw);
    if (split > 0) {
      const head = lexMarkdown(last.raw.slice(0, split));
      const token = head[0];
      if (head.length === 1 && token?.type === 'paragraph' && token.raw.length === split) {
        settled.push({ key: last.key, raw: token.raw, token });
        at = last.key + split;
        last = undefined;
        cut = true;
      }
    }
  }
  return { settled, last, progress: at - offset, cut, exact, links };
}

/**
 * Where to cut a giant paragraph: before the last word that starts a line, or
 * failing that any word, beginning with a letter, so the rest reads as a
 * paragraph of its own (a line starting with `#`, `-`, `1.` or spaces would not).
 */
function cutParagraph(raw: string): number {
  const from = raw.length - 1;
  const line = raw.lastIndexOf('\n', from);
  for (const boundary of [line, raw.lastIndexOf(' ', from)]) {
    if (boundary > 0 && /\p{L}/u.test(raw[boundary + 1] ?? '')) return boundary + 1;
  }
  return -1;
}
