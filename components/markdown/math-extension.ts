import type { TokenizerAndRendererExtension, Tokens } from 'marked';
import { escapeHtml } from './escape-html';

export interface MathToken extends Tokens.Generic {
  type: 'math' | 'mathBlock';
  raw: string;
  text: string;
  display: boolean;
}

/** Display math cannot contain a blank line (TeX ends the paragraph there), which also bounds how far an unclosed `$$` can reach. */
const NO_BLANK = String.raw`(?:(?!\n[ \t]*\n)[\s\S])+?`;

const BLOCK_RULES = [
  new RegExp(String.raw`^ {0,3}\$\$(${NO_BLANK})\$\$[ \t]*(?:\n|$)`),
  new RegExp(String.raw`^ {0,3}\\\[(${NO_BLANK})\\\][ \t]*(?:\n|$)`),
];
/** Only a line start can open block math; returning that line's first index keeps the paragraph it interrupts ending in a newline. */
const BLOCK_START = /\n {0,3}(?:\$\$|\\\[)/;

const INLINE_RULES: ReadonlyArray<{ rule: RegExp; display: boolean }> = [
  { rule: new RegExp(String.raw`^\$\$(?!\$)(${NO_BLANK})\$\$`), display: true },
  { rule: new RegExp(String.raw`^\\\[(${NO_BLANK})\\\]`), display: true },
  { rule: new RegExp(String.raw`^\\\((${NO_BLANK})\\\)`), display: false },
  // Pandoc's rule keeps prices apart: no space just inside the dollars, no digit right after the closing one.
  { rule: /^\$(?![\s$])((?:\\[\s\S]|[^\\$])+?)(?<![\s\\])\$(?!\d)/, display: false },
];
/** `\` is included so an escaped `\$` reaches marked's escape rule instead of being split from its backslash. */
const INLINE_START = /[$\\]/;

function blockMath(src: string): MathToken | undefined {
  for (const rule of BLOCK_RULES) {
    const match = rule.exec(src);
    const tex = match?.[1]?.trim();
    if (match && tex) return { type: 'mathBlock', raw: match[0], text: tex, display: true };
  }
  return undefined;
}

function inlineMath(src: string): MathToken | undefined {
  for (const { rule, display } of INLINE_RULES) {
    const match = rule.exec(src);
    const tex = match?.[1]?.trim();
    if (match && tex) return { type: 'math', raw: match[0], text: tex, display };
  }
  return undefined;
}

/**
 * Math becomes placeholders carrying the TeX source; KaTeX runs later, in a
 * component, so it can load lazily and never runs inside marked.
 */
export const mathExtensions: TokenizerAndRendererExtension[] = [
  {
    name: 'mathBlock',
    level: 'block',
    start(src) {
      // marked asks before every paragraph; a paragraph ends at a blank line, so looking further is wasted (and quadratic).
      const end = src.indexOf('\n\n');
      const at = (end < 0 ? src : src.slice(0, end + 1)).search(BLOCK_START);
      return at < 0 ? undefined : at + 1;
    },
    tokenizer: blockMath,
    renderer: (token) => `<div data-md-math="display">${escapeHtml(String(token.text))}</div>\n`,
  },
  {
    name: 'math',
    level: 'inline',
    start(src) {
      const at = src.search(INLINE_START);
      return at < 0 ? undefined : at;
    },
    tokenizer: inlineMath,
    renderer: (token) => `<span data-md-math="${token.display ? 'display' : 'inline'}">${escapeHtml(String(token.text))}</span>`,
  },
];
