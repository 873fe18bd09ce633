/** Bidirectional controls: embeddings and overrides, isolates, and the LRM, RLM and ALM marks. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

const escape = (control: string) => `\\u${control.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Third-party text (a plugin's title, author, identifier, addresses) shown
 * where the user decides whether to trust it. A bidi control in it would
 * reorder what is displayed, e.g. make "exe.txt" read as "txt.exe", or hide
 * whose origin is whose; each one is written out visibly as `\u202E` instead,
 * so the text reads as stored and the trick itself shows.
 */
export function inertText(text: string): string {
  return text.replace(BIDI_CONTROLS, escape);
}
