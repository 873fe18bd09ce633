/**
 * Markdown turned into the words a voice should say: markers (#, >, list
 * bullets, emphasis, backticks, link targets, tags) go, code and math blocks
 * are left out, and every source line ends with a line break so the sentence
 * splitter ends a sentence there. What remains is the text the panel renders
 * for the answer, which is how the spoken sentence is found on screen.
 *
 * The stream version emits text as it becomes final: whole lines, and the
 * part of the current line up to a space after which nothing earlier can
 * change (no code span, link, tag or entity left open). Chunked or not, the
 * output is the same.
 */

const isSpace = (ch: string | undefined) => ch === undefined || /\s/.test(ch);
const isPunctuation = (ch: string | undefined) => ch !== undefined && /[\p{P}\p{S}]/u.test(ch);
const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

const TAG = /^<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/;
const AUTOLINK = /^<((?:https?|mailto|ftp):[^\s<>]+)>/i;
const ENTITY = /^&(?:([A-Za-z]+)|#(\d{1,7})|#[xX]([0-9A-Fa-f]{1,6}));/;

function decodeEntity(match: RegExpExecArray): string | undefined {
  const [, name, decimal, hex] = match;
  if (name) return ENTITIES[name.toLowerCase()];
  const code = decimal ? Number(decimal) : Number.parseInt(hex!, 16);
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

function backtickRun(text: string, i: number): number {
  let j = i;
  while (text[j] === '`') j++;
  return j - i;
}

/** End of the code span opened by the backtick run at `i` (just past its closing run), or -1. */
function codeSpanEnd(text: string, i: number): number {
  const run = backtickRun(text, i);
  for (let j = i + run; j < text.length;) {
    if (text[j] !== '`') {
      j++;
      continue;
    }
    const close = backtickRun(text, j);
    if (close === run) return j + close;
    j += close;
  }
  return -1;
}

/** `[label](target)` starting at `i`: the label's bounds and the end, or undefined. */
function linkAt(text: string, i: number): { label: string; end: number } | undefined {
  const close = text.indexOf(']', i + 1);
  if (close === -1 || text[close + 1] !== '(') return undefined;
  const end = text.indexOf(')', close + 2);
  return end === -1 ? undefined : { label: text.slice(i + 1, close), end: end + 1 };
}

/**
 * An emphasis run (`*`, `_`, `~~`) is markup when it touches a word on one
 * side; `2 * 3` keeps its star and snake_case its underscores.
 */
function isEmphasisRun(text: string, start: number, end: number): boolean {
  const before = text[start - 1];
  const after = text[end];
  if (isSpace(before) && isSpace(after)) return false;
  if (text[start] === '_') return !(isWordChar(before) && isWordChar(after));
  if (text[start] === '~') return end - start >= 2;
  return true;
}

function inline(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\\' && isPunctuation(text[i + 1])) {
      out += text[i + 1];
      i += 2;
    } else if (ch === '`') {
      const end = codeSpanEnd(text, i);
      const run = backtickRun(text, i);
      if (end === -1) {
        i += run;
      } else {
        out += text.slice(i + run, end - run).trim();
        i = end;
      }
    } else if (ch === '!' && text[i + 1] === '[' && linkAt(text, i + 1)) {
      const link = linkAt(text, i + 1)!;
      out += inline(link.label);
      i = link.end;
    } else if (ch === '[' && linkAt(text, i)) {
      const link = linkAt(text, i)!;
      out += inline(link.label);
      i = link.end;
    } else if (ch === '<') {
      const rest = text.slice(i);
      const auto = AUTOLINK.exec(rest);
      const tag = auto ? undefined : TAG.exec(rest);
      if (auto) out += auto[1];
      else if (!tag) out += ch;
      i += auto?.[0].length ?? tag?.[0].length ?? 1;
    } else if (ch === '&') {
      const match = ENTITY.exec(text.slice(i));
      const decoded = match && decodeEntity(match);
      out += decoded ?? ch;
      i += decoded ? match![0].length : 1;
    } else if (ch === '*' || ch === '_' || ch === '~') {
      let end = i;
      while (text[end] === ch) end++;
      if (!isEmphasisRun(text, i, end)) out += text.slice(i, end);
      i = end;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const MATH_FENCE = /^\s{0,3}\$\$/;
const THEMATIC_BREAK = /^\s{0,3}([-*_])(?:\s*\1){2,}\s*$/;
const SETEXT_UNDERLINE = /^\s{0,3}=+\s*$/;
const TABLE_ROW = /^\s*\|/;
const TABLE_DIVIDER = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;
const HEADING = /^\s{0,3}#{1,6}(?:\s+|$)/;
const QUOTE = /^\s{0,3}>\s?/;
const LIST_ITEM = /^\s*(?:[-*+]|\d{1,9}[.)])\s+/;
const TASK = /^\[[ xX]\]\s+/;
/** A line that may yet turn out to be a fence, a break or a table row: nothing of it is final before it ends. */
const UNDECIDED = /^\s*(?:[`~|$]|[-*_=](?:[\s\-*_=]*)$)/;

function stripBlockMarkers(line: string): string {
  let rest = line.replace(HEADING, '');
  for (let quoted = QUOTE.exec(rest); quoted; quoted = QUOTE.exec(rest)) rest = rest.slice(quoted[0].length);
  return rest.replace(LIST_ITEM, '').replace(TASK, '');
}

/** Table cells become lines of their own, as the panel lays them out. */
function tableRow(line: string): string {
  const cells = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|\s*$/, '')
    .split(/(?<!\\)\|/);
  return cells
    .map((cell) => inline(cell.trim()))
    .filter(Boolean)
    .join('\n');
}

/**
 * Where the final part of an unfinished line ends: just after the last space
 * outside any code span, link, tag or entity. 0 when there is none.
 */
function settledLength(line: string): number {
  let settled = 0;
  let i = 0;
  while (i < line.length) {
    const ch = line[i]!;
    if (ch === '\\') {
      i += 2;
      continue;
    }
    if (ch === '`') {
      const end = codeSpanEnd(line, i);
      if (end === -1) return settled;
      i = end;
      continue;
    }
    if (ch === '[') {
      const close = line.indexOf(']', i + 1);
      if (close === -1) return settled;
      if (line[close + 1] === '(') {
        const end = line.indexOf(')', close + 2);
        if (end === -1) return settled;
        i = end + 1;
      } else {
        i = close + 1;
      }
      continue;
    }
    if (ch === '<') {
      const end = line.indexOf('>', i + 1);
      if (end === -1) return settled;
      i = end + 1;
      continue;
    }
    if (ch === '&') {
      const match = /^&[#A-Za-z0-9]*/.exec(line.slice(i))!;
      if (i + match[0].length >= line.length) return settled;
      i += match[0].length;
      continue;
    }
    if (/\s/.test(ch)) settled = i + 1;
    i++;
  }
  return settled;
}

export interface SpeechTextStream {
  /** Appends markdown; returns the speech text that became final. */
  push(markdown: string): string;
  /** The markdown is complete: returns the rest. */
  flush(): string;
}

export function createSpeechTextStream(): SpeechTextStream {
  let pending = '';
  /** Speech already emitted for the line in `pending`. */
  let emitted = '';
  let fence: string | undefined;
  let math = false;

  /** The speech for a complete line, or undefined for a line that says nothing (fences, code, breaks). */
  const lineSpeech = (line: string): string | undefined => {
    if (fence !== undefined) {
      const closing = FENCE.exec(line);
      if (closing && closing[1]![0] === fence[0] && closing[1]!.length >= fence.length && !line.slice(closing[0].length).trim())
        fence = undefined;
      return undefined;
    }
    if (math) {
      if (MATH_FENCE.test(line)) math = false;
      return undefined;
    }
    const opening = FENCE.exec(line);
    if (opening) {
      fence = opening[1]!;
      return undefined;
    }
    if (MATH_FENCE.test(line)) {
      // $$x$$ on one line opens and closes at once.
      math = !/\$\$.*\$\$/.test(line.trim());
      return undefined;
    }
    if (THEMATIC_BREAK.test(line) || SETEXT_UNDERLINE.test(line)) return undefined;
    if (TABLE_ROW.test(line)) return TABLE_DIVIDER.test(line) ? undefined : tableRow(line);
    return inline(stripBlockMarkers(line));
  };

  const completeLine = (line: string): string => {
    const speech = lineSpeech(line) ?? '';
    const rest = speech.startsWith(emitted) ? speech.slice(emitted.length) : '';
    emitted = '';
    return `${rest}\n`;
  };

  const partial = (): string => {
    if (fence !== undefined || math || UNDECIDED.test(pending)) return '';
    const length = settledLength(pending);
    if (!length) return '';
    const speech = inline(stripBlockMarkers(pending.slice(0, length)));
    if (!speech.startsWith(emitted)) return '';
    const fresh = speech.slice(emitted.length);
    emitted = speech;
    return fresh;
  };

  return {
    push(markdown) {
      pending += markdown;
      let out = '';
      for (let nl = pending.indexOf('\n'); nl !== -1; nl = pending.indexOf('\n')) {
        out += completeLine(pending.slice(0, nl).replace(/\r$/, ''));
        pending = pending.slice(nl + 1);
      }
      return out + partial();
    },
    flush() {
      if (!pending && !emitted) return '';
      const out = completeLine(pending);
      pending = '';
      return out;
    },
  };
}
