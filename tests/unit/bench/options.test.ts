import { describe, expect, it } from 'vitest';
import { DEFAULT_RUNS, FIGURE_GROUPS, parseBenchArgs } from '../../../scripts/bench/options';

describe('the bench command line', () => {
  it('measures the working tree alone, every figure, seven runs, when given nothing', () => {
    const options = parseBenchArgs([]);
    expect(options.against).toBeUndefined();
    expect(options.runs).toBe(DEFAULT_RUNS);
    expect([...options.only]).toEqual([...FIGURE_GROUPS]);
  });

  it('reads --against, --runs and --only, as separate words or with =', () => {
    expect(parseBenchArgs(['--against', '7b6e05e', '--runs', '3', '--only', 'open,worker'])).toEqual({
      against: '7b6e05e',
      runs: 3,
      only: new Set(['open', 'worker']),
    });
    expect(parseBenchArgs(['--against=main~2', '--runs=1', '--only=huge'])).toEqual({
      against: 'main~2',
      runs: 1,
      only: new Set(['huge']),
    });
  });

  it('refuses a mistake with what is wrong and the usage, before anything is built', () => {
    expect(() => parseBenchArgs(['--runs', '0'])).toThrow(/--runs takes a whole number of at least 1, not "0"[\s\S]*usage:/);
    expect(() => parseBenchArgs(['--runs', '2.5'])).toThrow(/whole number/);
    expect(() => parseBenchArgs(['--against'])).toThrow(/--against needs a value/);
    expect(() => parseBenchArgs(['--against', '--runs', '3'])).toThrow(/--against needs a value/);
    expect(() => parseBenchArgs(['--only', 'open,speed'])).toThrow(/--only does not know speed/);
    expect(() => parseBenchArgs(['--fast'])).toThrow(/unknown argument "--fast"/);
  });
});
