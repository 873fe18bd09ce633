import type { ContextBlock } from '../core/conversation';
import { scorePassages } from './relevance';

/**
 * Characters of quoted context a message may carry: about 6k tokens, which
 * leaves room for the conversation in the smallest context windows Parley
 * talks to (8k local models) while covering a long article.
 */
export const PAGE_CONTEXT_BUDGET = 24_000;

/** The opening kept whatever the question: it says what the page is. */
export const LEAD_CHARS = 1_000;

/** Paragraphs longer than this are split at sentences, so one wall of text cannot take the whole budget. */
const MAX_PASSAGE_CHARS = 800;

/** Marks where text was left out, so the model does not read two distant passages as one. */
export const GAP_MARK = '[…]';

function splitLong(paragraph: string): string[] {
  if (paragraph.length <= MAX_PASSAGE_CHARS) return [paragraph];
  const sentences = paragraph.match(/[^.!?。！？]+(?:[.!?。！？]+["')\]”’]*\s*|$)/gu) ?? [paragraph];
  const out: string[] = [];
  let current = '';
  for (const sentence of sentences) {
    if (current && current.length + sentence.length > MAX_PASSAGE_CHARS) {
      out.push(current.trim());
      current = '';
    }
    current += sentence;
    while (current.length > MAX_PASSAGE_CHARS) {
      out.push(current.slice(0, MAX_PASSAGE_CHARS).trim());
      current = current.slice(MAX_PASSAGE_CHARS);
    }
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

export function passagesOf(text: string): string[] {
  return text
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean)
    .flatMap(splitLong);
}

/**
 * Cuts `text` to at most `budget` characters, keeping the lead and then the
 * passages that best match the question, in their original order, with a
 * gap mark wherever something was left out.
 */
export function trimToBudget(text: string, question: string, budget = PAGE_CONTEXT_BUDGET): string {
  if (text.length <= budget) return text;
  const passages = passagesOf(text);
  const chosen = new Set<number>();
  // Each passage is charged a line break and a possible gap mark, so the assembled text always fits.
  const cost = (i: number) => passages[i]!.length + GAP_MARK.length + 2;
  let used = 0;

  for (let i = 0; i < passages.length && (i === 0 || used + cost(i) <= LEAD_CHARS); i++) {
    if (used + cost(i) > budget) break;
    chosen.add(i);
    used += cost(i);
  }
  if (!chosen.size) return `${passages[0]?.slice(0, Math.max(0, budget - GAP_MARK.length - 1)) ?? ''}\n${GAP_MARK}`.slice(0, budget);

  const scores = scorePassages(passages, question);
  const ranked = passages.map((_, i) => i).sort((a, b) => scores[b]! - scores[a]! || a - b);
  for (const i of ranked) {
    if (chosen.has(i) || used + cost(i) > budget) continue;
    chosen.add(i);
    used += cost(i);
  }

  const lines: string[] = [];
  let previous = -1;
  for (const i of [...chosen].sort((a, b) => a - b)) {
    if (i !== previous + 1) lines.push(GAP_MARK);
    lines.push(passages[i]!);
    previous = i;
  }
  if (previous !== passages.length - 1) lines.push(GAP_MARK);
  return lines.join('\n');
}

/**
 * Fits every attached block into one shared budget: blocks under their fair
 * share stay whole and leave the rest to the longer ones, which are trimmed
 * against the question. Done at send time, because relevance depends on it.
 */
export function fitContext(blocks: readonly ContextBlock[], question: string, budget = PAGE_CONTEXT_BUDGET): ContextBlock[] {
  const total = blocks.reduce((sum, b) => sum + b.text.length, 0);
  if (total <= budget) return [...blocks];
  const allowance = new Map<number, number>();
  let remaining = budget;
  const byLength = blocks.map((b, i) => ({ i, length: b.text.length })).sort((a, b) => a.length - b.length);
  byLength.forEach(({ i, length }, k) => {
    const share = Math.min(length, Math.floor(remaining / (byLength.length - k)));
    allowance.set(i, share);
    remaining -= share;
  });
  return blocks.map((b, i) => {
    const allowed = allowance.get(i)!;
    return allowed >= b.text.length ? b : { ...b, text: trimToBudget(b.text, question, allowed) };
  });
}
