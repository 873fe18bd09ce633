/**
 * Where a formula that has not closed yet starts in the growing last block of
 * a streaming answer, or -1. Until its closing delimiter arrives the formula is
 * held back (a placeholder stands in), so raw TeX never flashes on screen and
 * then turns into a rendered formula.
 *
 * Openers: `$$`, `\[`, `\(` always; a single `$` only when what follows looks
 * like TeX (a backslash, `^`, `_` or `{` on the same line), so a price such as
 * "$5" is never held. Code spans and escaped dollars are skipped.
 */
export function openMathStart(block: string): number {
  let i = 0;
  while (i < block.length) {
    const c = block[i]!;
    if (c === '`') {
      const run = /^`+/.exec(block.slice(i))![0];
      const close = block.indexOf(run, i + run.length);
      // An unclosed code span is text as far as math goes; its backticks are plain.
      i = close < 0 ? i + run.length : close + run.length;
      continue;
    }
    if (c === '\\') {
      const next = block[i + 1];
      const closer = next === '[' ? '\\]' : next === '(' ? '\\)' : undefined;
      if (closer) {
        const close = block.indexOf(closer, i + 2);
        if (close < 0) return i;
        i = close + 2;
      } else {
        // An escaped character (e.g. `\$`) is never a delimiter.
        i += 2;
      }
      continue;
    }
    if (c === '$' && block[i + 1] === '$') {
      const close = block.indexOf('$$', i + 2);
      if (close < 0) return i;
      i = close + 2;
      continue;
    }
    if (c === '$') {
      const close = inlineClose(block, i);
      if (close >= 0) {
        i = close + 1;
        continue;
      }
      const line = block.slice(i + 1).split('\n', 1)[0]!;
      if (/^\S/.test(line) && /[\\^_{]/.test(line)) return i;
    }
    i++;
  }
  return -1;
}

/** The closing `$` of an inline formula opened at `open` (Pandoc's rule, as math-extension.ts applies it), or -1. */
function inlineClose(text: string, open: number): number {
  if (/[\s$]/.test(text[open + 1] ?? ' ')) return -1;
  for (let j = open + 2; j < text.length; j++) {
    const c = text[j]!;
    if (c === '\\') {
      j++;
      continue;
    }
    if (c === '\n' && text[j + 1] === '\n') return -1;
    if (c === '$' && !/\s/.test(text[j - 1]!) && !/\d/.test(text[j + 1] ?? '')) return j;
  }
  return -1;
}
