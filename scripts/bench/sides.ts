/** The builds an A/B run compares: A, the git ref named by --against, and B, the working tree. */
export type Side = 'A' | 'B';

/** Each side's runs of one figure; only B when the working tree is measured alone. */
export type BySide<T> = Partial<Record<Side, T[]>>;

/**
 * The order the sides take their turns in round `round`: A,B then B,A, and so on, so that what drifts during a run
 * (a machine slowing or freeing up, caches warming) falls on both builds alike.
 */
export function roundOrder(sides: readonly Side[], round: number): Side[] {
  return round % 2 ? [...sides].reverse() : [...sides];
}

/** Takes `measure` `runs` times for each side, the sides taking turns within each round as roundOrder says. */
export async function interleaved<T>(
  sides: readonly Side[],
  runs: number,
  measure: (side: Side, round: number) => Promise<T>,
): Promise<BySide<T>> {
  const results: BySide<T> = {};
  for (const side of sides) results[side] = [];
  for (let round = 0; round < runs; round++) for (const side of roundOrder(sides, round)) results[side]!.push(await measure(side, round));
  return results;
}

/** The same runs, each mapped by `of`. */
export function mapSides<T, U>(runs: BySide<T>, of: (run: T, index: number, side: Side) => U): BySide<U> {
  const mapped: BySide<U> = {};
  for (const side of ['A', 'B'] as const) {
    const values = runs[side];
    if (values) mapped[side] = values.map((run, i) => of(run, i, side));
  }
  return mapped;
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Runs `attempt`, and once more if it fails, saying so: on a loaded machine Chromium can fail to start or close under
 * a figure (the bench once lost its browser mid-run), and one such moment should not cost the whole run.
 * `beforeRetry` clears what the failed attempt left (a browser to close, a queued reply).
 */
export async function retryOnce<T>(what: string, attempt: () => Promise<T>, beforeRetry?: () => Promise<void>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    console.warn(`bench: ${what} failed (${message(error)}); trying once more in a new browser.`);
    await beforeRetry?.();
    try {
      return await attempt();
    } catch (again) {
      throw new Error(
        `${what} failed twice: ${message(again)}. If the machine is busy, run the bench again when it is quieter, or take fewer figures with --only and --runs.`,
        { cause: again },
      );
    }
  }
}

/**
 * The longest one run in a side browser may take. A sentence-gap reading that takes 25 s in a new browser once waited
 * for over ten minutes in a browser that had streamed and read before; a run is tried again rather than waited for.
 */
export const RUN_LIMIT_MS = 360_000;

/** `work`, or a rejection once `ms` have passed without it settling. */
export function withinTime<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no result after ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * One browser per side for a group of figures: started on first use, kept across rounds so the sides can take turns
 * in their own warm browser, and, when a run fails in it, closed and started afresh for one more try.
 */
export class SideBrowsers<B> {
  private readonly open = new Map<Side, Promise<B>>();

  constructor(
    private readonly what: string,
    private readonly start: (side: Side) => Promise<B>,
    private readonly stop: (browser: B) => Promise<void>,
    /** The longest a run may take: one that waits past it is given up, its browser closed and the run tried again. */
    private readonly limitMs = RUN_LIMIT_MS,
  ) {}

  run<T>(side: Side, measure: (browser: B) => Promise<T>): Promise<T> {
    return retryOnce(
      `${this.what} (${side})`,
      async () => {
        let browser = this.open.get(side);
        if (!browser) this.open.set(side, (browser = this.start(side)));
        return withinTime(this.limitMs, (async () => measure(await browser))());
      },
      () => this.drop(side),
    );
  }

  async close(): Promise<void> {
    await Promise.all([...this.open.keys()].map((side) => this.drop(side)));
  }

  private async drop(side: Side): Promise<void> {
    const browser = this.open.get(side);
    this.open.delete(side);
    // A browser that failed to start has nothing to close; one that died under a figure may fail to close.
    const started = await browser?.catch(() => undefined);
    if (started !== undefined) await this.stop(started).catch(() => undefined);
  }
}
