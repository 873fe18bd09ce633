import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeClock, until } from '../support/fake-clock';
import { interleaved, mapSides, retryOnce, roundOrder, SideBrowsers, type Side } from '../../../scripts/bench/sides';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('A/B rounds', () => {
  it('take turns A,B then B,A, so drift falls on both builds alike', () => {
    expect([0, 1, 2, 3].map((round) => roundOrder(['A', 'B'], round).join(''))).toEqual(['AB', 'BA', 'AB', 'BA']);
    expect(roundOrder(['B'], 1)).toEqual(['B']);
  });

  it('measure each side once a round, in that order, and keep each side its own runs', async () => {
    const taken: string[] = [];
    const runs = await interleaved(['A', 'B'], 3, async (side: Side, round) => {
      taken.push(`${side}${round}`);
      return `${side}${round}`;
    });
    expect(taken).toEqual(['A0', 'B0', 'B1', 'A1', 'A2', 'B2']);
    expect(runs).toEqual({ A: ['A0', 'A1', 'A2'], B: ['B0', 'B1', 'B2'] });
    expect(mapSides(runs, (run, i, side) => `${side}:${i}:${run}`)).toEqual({
      A: ['A:0:A0', 'A:1:A1', 'A:2:A2'],
      B: ['B:0:B0', 'B:1:B1', 'B:2:B2'],
    });
  });
});

describe('a failed run', () => {
  it('is tried once more, saying so, after what it left is cleared', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const cleared = vi.fn(async () => undefined);
    let tries = 0;
    const value = await retryOnce(
      'the stream (A)',
      async () => {
        if (++tries === 1) throw new Error('Target page, context or browser has been closed');
        return 42;
      },
      cleared,
    );
    expect(value).toBe(42);
    expect(cleared).toHaveBeenCalledOnce();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/the stream \(A\) failed \(Target page.*\); trying once more/));
  });

  it('failing twice stops the bench with what to do', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(retryOnce('the stream (B)', () => Promise.reject(new Error('no browser')))).rejects.toThrow(
      /the stream \(B\) failed twice: no browser\. If the machine is busy, run the bench again when it is quieter/,
    );
  });

  it('in a side browser closes that browser and tries in a new one, which is kept for the next runs', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const started: string[] = [];
    const stopped: string[] = [];
    const browsers = new SideBrowsers<string>(
      'the panel',
      async (side) => {
        const name = `${side}${started.filter((s) => s.startsWith(side)).length + 1}`;
        started.push(name);
        return name;
      },
      async (browser) => void stopped.push(browser),
    );
    expect(await browsers.run('A', async (b) => b)).toBe('A1');
    expect(await browsers.run('B', async (b) => b)).toBe('B1');
    const used: string[] = [];
    const retried = await browsers.run('A', async (b) => {
      used.push(b);
      if (b === 'A1') throw new Error('browser has been closed');
      return b;
    });
    expect(retried).toBe('A2');
    expect(used).toEqual(['A1', 'A2']);
    expect(stopped).toEqual(['A1']);
    expect(await browsers.run('A', async (b) => b)).toBe('A2');
    await browsers.close();
    expect(stopped.sort()).toEqual(['A1', 'A2', 'B1']);
    expect(started).toEqual(['A1', 'B1', 'A2']);
  });

  it('that waits past its time limit is given up, its browser closed, and tried in a new one', async () => {
    installFakeClock();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let started = 0;
    const stopped: number[] = [];
    const browsers = new SideBrowsers<number>(
      'the sentence gap',
      async () => ++started,
      async (browser) => void stopped.push(browser),
      240_000,
    );
    // The first browser's run never ends; the second's does.
    const run = browsers.run('A', (browser) =>
      browser === 1 ? new Promise<string>(() => undefined) : Promise.resolve(`gaps in ${browser}`),
    );
    await until(() => started === 1);
    vi.advanceTimersByTime(239_999);
    await Promise.resolve();
    expect(warn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(await run).toBe('gaps in 2');
    expect(stopped).toEqual([1]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('the sentence gap (A) failed (no result after 240 s)'));
  });
});
