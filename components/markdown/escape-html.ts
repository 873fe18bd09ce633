const FULL: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** For attribute values and source shown verbatim (code, raw HTML, TeX). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => FULL[c] ?? c);
}

/**
 * For markdown text: an entity the author wrote (`&lt;`, `&#169;`) stays an
 * entity so it displays as the character, as CommonMark requires; every other
 * `&` and all markup characters are escaped.
 */
export function escapeText(text: string): string {
  return text.replace(/[<>"']|&(?!#\d{1,7};|#[Xx][a-fA-F0-9]{1,6};|\w+;)/g, (c) => FULL[c] ?? c);
}
