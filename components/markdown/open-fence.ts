import type { Tokens } from 'marked';
import { lexMarkdown } from './markdown-parser';

/**
 * A fenced code block at the start of the text, found without lexing its
 * body: a 50,000-line fence streams in line by line, and marked would re-read
 * all of it on every delta. Only fences at column 0 qualify; marked strips an
 * indented fence's indent from every line, so those are left to it.
 */
export interface FenceScan {
  /** The code token, with the same text and language marked would give it. */
  readonly token: Tokens.Code;
  /** True once a closing fence line ends with a newline: nothing appended can change the block. */
  readonly closed: boolean;
  /** Where the block ends in the scanned text (after the closing fence, before its newline). */
  readonly end: number;
}

const OPENING = /^(`{3,}|~{3,})[^\n]*\n/;

/** The opening line of a fence at the start of `text`, or null when the text does not start with one. */
export function openingFence(text: string): { fence: string; line: string } | null {
  const match = OPENING.exec(text);
  if (!match) return null;
  const fence = match[1]!;
  const line = match[0];
  // A backtick fence's info string may not contain a backtick (it would be inline code).
  if (fence[0] === '`' && line.slice(fence.length).includes('`')) return null;
  return { fence, line };
}

/**
 * Incremental scanner of one open fence. `scan` may be called with ever longer
 * texts that all start with the same fence; each call reads only lines it has
 * not read before.
 */
export class FenceScanner {
  readonly #fence: string;
  readonly #bodyStart: number;
  readonly #lang: string;
  readonly #closing: RegExp;
  /** Start of the first line not yet known to be a body line. */
  #lineStart: number;

  constructor(opening: { fence: string; line: string }) {
    this.#fence = opening.fence;
    this.#bodyStart = opening.line.length;
    this.#lineStart = this.#bodyStart;
    // Let marked read the info string (escapes, trimming) from the opening line alone.
    const probe = lexMarkdown(`${opening.line}${opening.fence}`)[0] as Tokens.Code | undefined;
    this.#lang = probe?.lang ?? '';
    const char = opening.fence[0] === '`' ? '`' : '~';
    this.#closing = new RegExp(`^ {0,3}${opening.fence}${char}* *$`);
  }

  get fence(): string {
    return this.#fence;
  }

  scan(text: string, final: boolean): FenceScan {
    let start = this.#lineStart;
    while (start < text.length) {
      const newline = text.indexOf('\n', start);
      const lineEnd = newline < 0 ? text.length : newline;
      if (this.#closing.test(text.slice(start, lineEnd))) {
        // A closing line still being typed ("```" may yet become "```js") only closes for good with its newline.
        const closed = newline >= 0 || final;
        return { token: this.#token(text, start > this.#bodyStart ? start - 1 : start, lineEnd), closed, end: lineEnd };
      }
      if (newline < 0) break;
      start = newline + 1;
      this.#lineStart = start;
    }
    return { token: this.#token(text, text.length, text.length), closed: false, end: text.length };
  }

  #token(text: string, bodyEnd: number, end: number): Tokens.Code {
    return {
      type: 'code',
      raw: text.slice(0, end),
      lang: this.#lang,
      text: text.slice(this.#bodyStart, Math.max(this.#bodyStart, bodyEnd)),
    };
  }
}
