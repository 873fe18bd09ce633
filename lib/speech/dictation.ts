/** The message box as dictation sees it. */
export interface TextSnapshot {
  text: string;
  selectionStart: number;
  selectionEnd: number;
}

export interface DictatedText {
  text: string;
  /** Where the caret goes: just after the dictated words. */
  caret: number;
}

/** Scripts written without spaces between words. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;
const NO_SPACE_BEFORE = /^[.,!?;:%)\]}»”’…]/;
const NO_SPACE_AFTER = /[([{«“‘¿¡]$/;

/** Whether a space belongs between `left` and `right` where dictated words meet other text. */
export function needsSpace(left: string, right: string): boolean {
  const a = left.at(-1);
  const b = right[0];
  if (!a || !b || /\s/.test(a) || /\s/.test(b)) return false;
  if (UNSPACED.test(a) || UNSPACED.test(b)) return false;
  return !NO_SPACE_BEFORE.test(right) && !NO_SPACE_AFTER.test(left);
}

/** Joins a recognizer's result pieces into one transcript, spacing them as words. */
export function joinTranscripts(parts: readonly string[]): string {
  let out = '';
  for (const part of parts) {
    const piece = part.trim();
    if (!piece) continue;
    out += needsSpace(out, piece) ? ` ${piece}` : piece;
  }
  return out;
}

/** Puts dictated words in place of the selection (or at the caret), with the spacing typing would have. */
export function insertDictated(snapshot: TextSnapshot, words: string): DictatedText {
  const start = Math.max(0, Math.min(snapshot.selectionStart, snapshot.text.length));
  const end = Math.max(start, Math.min(snapshot.selectionEnd, snapshot.text.length));
  const inserted = words.trim();
  // Nothing heard yet: a selection stays until words arrive to replace it.
  if (!inserted) return { text: snapshot.text, caret: end };
  const before = snapshot.text.slice(0, start);
  const after = snapshot.text.slice(end);
  const head = before + (needsSpace(before, inserted) ? ' ' : '') + inserted;
  return { text: head + (needsSpace(inserted, after) ? ' ' : '') + after, caret: head.length };
}

/**
 * Keeps what the user typed while words are dictated into the message box.
 * The recognizer reports its whole transcript each time (final words plus
 * the current guess); the box shows the text from before dictation with that
 * transcript at the caret. If the user edits the box meanwhile, their text
 * becomes the new base: words already shown stay as they are, and later
 * words go where their caret now is.
 */
export class DictationDraft {
  private base: TextSnapshot;
  private consumed = 0;
  private transcript = '';
  private written: string;

  constructor(initial: TextSnapshot) {
    this.base = initial;
    this.written = initial.text;
  }

  update(transcript: string, current: TextSnapshot): DictatedText {
    if (current.text !== this.written) {
      this.base = current;
      this.consumed = this.transcript.length;
    }
    this.transcript = transcript;
    const result = insertDictated(this.base, transcript.slice(Math.min(this.consumed, transcript.length)));
    this.written = result.text;
    return result;
  }
}
