import type { Token } from 'marked';
import { lexMarkdown } from './markdown-parser';

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
}

const INVISIBLE = new Set(['space', 'def']);

/**
 * Splits streamed markdown into top-level blocks without re-lexing what is
 * already settled: every block before the last one is closed for good, so
 * each update lexes only from the start of the last block. Two cases fall
 * back to lexing everything: text that is not an extension of the previous
 * text (start over), and reference definitions (`[x]: url`), which change
 * the meaning of blocks before them.
 */
export class BlockSplitter {
  #text = '';
  #final = false;
  #settled: Block[] = [];
  #settledEnd = 0;
  #incremental = true;
  #generation = 0;
  #result: Split = { blocks: [], settled: 0, generation: 0 };

  split(input: string, final: boolean): Split {
    const text = input.includes('\r') ? input.replace(/\r\n?/g, '\n') : input;
    if (text === this.#text && final === this.#final) return this.#result;
    if (!text.startsWith(this.#text.slice(0, this.#settledEnd))) this.#restart();
    this.#text = text;
    this.#final = final;

    let tokens = lexMarkdown(text.slice(this.#settledEnd));
    if (this.#incremental && Object.keys(tokens.links).length > 0) {
      this.#incremental = false;
      this.#restart();
      tokens = lexMarkdown(text);
    } else if (!this.#incremental) {
      this.#settled = [];
      this.#settledEnd = 0;
      tokens = lexMarkdown(text);
    }

    let lastVisible = tokens.length - 1;
    while (lastVisible >= 0 && tokens[lastVisible]?.type === 'space') lastVisible--;

    const settled = [...this.#settled];
    let offset = this.#settledEnd;
    let last: Block | undefined;
    tokens.forEach((token, index) => {
      if (index === lastVisible && !INVISIBLE.has(token.type)) last = { key: offset, raw: token.raw, token };
      else if (index < lastVisible && !INVISIBLE.has(token.type)) settled.push({ key: offset, raw: token.raw, token });
      if (index < lastVisible) offset += token.raw.length;
    });

    // marked occasionally normalises raw text (a joined line gains a newline);
    // offsets would then drift, so this round's blocks are used but not kept.
    const lexedLength = tokens.reduce((sum, token) => sum + token.raw.length, 0);
    if (this.#incremental && lexedLength === text.length - this.#settledEnd) {
      this.#settled = settled;
      this.#settledEnd = offset;
    }

    const blocks = last ? [...settled, last] : settled;
    this.#result = { blocks, settled: settled.length, generation: this.#generation };
    return this.#result;
  }

  #restart(): void {
    this.#settled = [];
    this.#settledEnd = 0;
    this.#generation++;
  }
}
