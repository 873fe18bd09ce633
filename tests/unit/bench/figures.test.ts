import { describe, expect, it } from 'vitest';
import { abHeader, figureLine, line, ratio } from '../../../scripts/bench/figures';

describe('bench figures', () => {
  it('print the working tree alone as one median and range, as before', () => {
    expect(figureLine('Tail lag', { B: [12, 9, 30] }, 'ms', { max: 16, text: '16 ms' })).toBe(
      line('Tail lag', [12, 9, 30], 'ms', { max: 16, text: '16 ms' }),
    );
    expect(line('Tail lag', [12, 9, 30], 'ms', { max: 16, text: '16 ms' })).toMatch(
      /^Tail lag +median 12 ms {2}\(min 9, max 30, n=3\) {2}within budget \(16 ms\)$/,
    );
  });

  it('print A and B side by side: median (min-max) of each, B over A, and the goal for each', () => {
    const printed = figureLine('Input ready', { A: [150, 100, 120], B: [90, 140, 96] }, 'ms', { max: 110, text: '110 ms' });
    const [label, rest] = [printed.slice(0, 78), printed.slice(79)];
    expect(label.trim()).toBe('Input ready');
    expect(rest.split(/ {2,}/)).toEqual(['120 ms (100 to 150)', '96 ms (90 to 140)', '0.80', '110 ms: A OVER, B within']);
  });

  it('line the columns up under the heading whatever the figures', () => {
    const [, heading] = abHeader('7b6e05e', 'this tree', 3).split('\n');
    const row = figureLine('First-load JS (gzip)', { A: [1234.5], B: [7] }, 'KB');
    expect(row.indexOf('7 KB')).toBe(heading!.indexOf('B  '));
    expect(row.indexOf('0.01')).toBe(heading!.indexOf('B/A'));
    expect(abHeader('7b6e05e', 'this tree', 3)).toMatch(
      /^A = 7b6e05e, B = this tree; each column is the median \(min to max\) of 3 runs, taken in turns A,B,B,A/,
    );
  });

  it('give no B/A where it means nothing: a zero A, or a difference below zero on either side', () => {
    expect(ratio([0, 0], [0])).toBe('1.00');
    expect(ratio([0], [3])).toBe('-');
    expect(ratio([-63], [20])).toBe('-');
    expect(ratio([67], [-42])).toBe('-');
    expect(ratio([10], [25])).toBe('2.50');
  });
});
