/** Text around a search hit, split so the UI can highlight `match`. */
export interface Snippet {
  before: string;
  match: string;
  after: string;
}

const ELLIPSIS = '…';

/** A case-insensitive matcher for the literal query, or undefined for a blank one. */
export function queryMatcher(query: string): RegExp | undefined {
  const trimmed = query.trim();
  if (!trimmed) return undefined;
  // A regex rather than toLowerCase/indexOf: lowercasing can change a string's
  // length (e.g. "İ"), which would misplace the hit in the original text.
  return new RegExp(trimmed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'iu');
}

/**
 * Cuts `radius` characters of context either side of the first hit, on the
 * original text, with whitespace runs collapsed so multi-line messages read
 * as one line.
 */
export function snippetAround(text: string, matcher: RegExp, radius = 40): Snippet | undefined {
  const hit = matcher.exec(text);
  if (!hit) return undefined;
  const start = hit.index;
  const end = start + hit[0].length;
  let from = Math.max(0, start - radius);
  let to = Math.min(text.length, end + radius);
  // Never split a surrogate pair (emoji and the like) at either cut.
  if (from > 0 && isLowSurrogate(text.charCodeAt(from))) from -= 1;
  if (to < text.length && isLowSurrogate(text.charCodeAt(to))) to += 1;
  const squash = (s: string) => s.replace(/\s+/g, ' ');
  return {
    before: (from > 0 ? ELLIPSIS : '') + squash(text.slice(from, start)).trimStart(),
    match: squash(hit[0]),
    after: squash(text.slice(end, to)).trimEnd() + (to < text.length ? ELLIPSIS : ''),
  };
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
