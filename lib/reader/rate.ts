/** Speeds offered by the panel and the page control; 1 is the voice's normal speed. */
export const READING_RATES: readonly number[] = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3];

const MIN_RATE = READING_RATES[0]!;
const MAX_RATE = READING_RATES.at(-1)!;

/** Faster than 3× is unintelligible with most voices, slower than ½× sounds broken. */
export function clampRate(rate: number): number {
  if (!Number.isFinite(rate)) return 1;
  return Math.min(MAX_RATE, Math.max(MIN_RATE, rate));
}
