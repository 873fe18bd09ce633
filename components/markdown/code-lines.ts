/** Lines a long code block shows until "Show all N lines". */
export const CODE_WINDOW_LINES = 200;
/** Lines per slice: the unit that is highlighted in one go and skipped by layout when offscreen. */
export const CHUNK_LINES = 100;
/** A slice longer than this (very long lines) stays plain: one highlight call on it could block for too long. */
export const HIGHLIGHT_CHUNK_CHARS = 8 * 1024;

/**
 * The first `limit` lines of `code` as slices of CHUNK_LINES lines (without
 * the newline between slices), and how many lines the code has.
 */
export function codeLines(code: string, limit: number): { chunks: string[]; lines: number } {
  let lines = 1;
  let shownEnd = code.length;
  for (let at = code.indexOf('\n'); at >= 0; at = code.indexOf('\n', at + 1)) {
    if (lines === limit) shownEnd = at;
    lines++;
  }
  const chunks: string[] = [];
  let start = 0;
  let inChunk = 0;
  for (let at = code.indexOf('\n'); at >= 0 && at < shownEnd; at = code.indexOf('\n', at + 1)) {
    if (++inChunk < CHUNK_LINES) continue;
    chunks.push(code.slice(start, at));
    start = at + 1;
    inChunk = 0;
  }
  chunks.push(code.slice(start, shownEnd));
  return { chunks, lines };
}
