import { queryMatcher } from '../../lib/core/snippet';

export interface Segment {
  text: string;
  match: boolean;
}

/**
 * Splits `text` into runs that match the search query (case-insensitively, as
 * literal text, the way the search itself matches) and runs that do not, so
 * every occurrence can be marked. A blank query yields the text as one run.
 */
export function highlightSegments(text: string, query: string): Segment[] {
  const matcher = queryMatcher(query);
  if (!matcher || !text) return text ? [{ text, match: false }] : [];
  const global = new RegExp(matcher.source, `${matcher.flags}g`);
  const segments: Segment[] = [];
  let from = 0;
  for (const hit of text.matchAll(global)) {
    if (hit.index > from) segments.push({ text: text.slice(from, hit.index), match: false });
    segments.push({ text: hit[0], match: true });
    from = hit.index + hit[0].length;
  }
  if (from < text.length) segments.push({ text: text.slice(from), match: false });
  return segments;
}
