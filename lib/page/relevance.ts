/**
 * Scores passages against a question with BM25 over crude, language-neutral
 * terms: words cut to a short prefix (a poor man's stemmer that serves most
 * alphabetic languages) and character bigrams for scripts written without
 * spaces (Chinese, Japanese; Korean words are spaced but agglutinate, so
 * bigrams serve it better too).
 */

const WORD = /[\p{L}\p{N}]+/gu;
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
const PREFIX = 6;
const K1 = 1.2;
const B = 0.75;

export function terms(text: string): string[] {
  const out: string[] = [];
  for (const [word] of text.normalize('NFKC').toLowerCase().matchAll(WORD)) {
    const spaced = word.replace(UNSPACED, ' ').trim();
    for (const part of spaced.split(/\s+/)) {
      if (part.length >= 2) out.push(part.slice(0, PREFIX));
    }
    for (const [run] of word.matchAll(UNSPACED)) {
      if (run.length === 1) out.push(run);
      for (let i = 0; i + 1 < run.length; i++) out.push(run.slice(i, i + 2));
    }
  }
  return out;
}

/** One score per passage, higher is more relevant; all zero when nothing matches. */
export function scorePassages(passages: readonly string[], question: string): number[] {
  const query = [...new Set(terms(question))];
  if (!query.length || !passages.length) return passages.map(() => 0);
  const docs = passages.map((p) => {
    const counts = new Map<string, number>();
    const words = terms(p);
    for (const t of words) counts.set(t, (counts.get(t) ?? 0) + 1);
    return { counts, length: words.length };
  });
  const averageLength = docs.reduce((sum, d) => sum + d.length, 0) / docs.length || 1;
  const idf = new Map(
    query.map((t) => {
      const n = docs.filter((d) => d.counts.has(t)).length;
      return [t, Math.log(1 + (docs.length - n + 0.5) / (n + 0.5))];
    }),
  );
  return docs.map((d) =>
    query.reduce((score, t) => {
      const tf = d.counts.get(t) ?? 0;
      if (!tf) return score;
      return score + (idf.get(t)! * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * d.length) / averageLength));
    }, 0),
  );
}
