import type { BySide } from './sides';

/** A figure's goal: its median must not exceed `max`; `text` says it as people read it. */
export interface Goal {
  max: number;
  text: string;
}

/** Median and range of repeated measurements, formatted for the bench report. */
export function summarize(values: number[]): { median: number; min: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted.at(-1)! };
}

const format = (unit: string) => (n: number) => (unit === '%' ? n.toFixed(1) : n.toFixed(0));

export function line(label: string, values: number[], unit: string, budget?: Goal): string {
  const { median, min, max } = summarize(values);
  const verdict = budget ? (median <= budget.max ? `  within budget (${budget.text})` : `  OVER budget (${budget.text})`) : '';
  const f = format(unit);
  return `${label.padEnd(72)} median ${f(median)} ${unit}  (min ${f(min)}, max ${f(max)}, n=${values.length})${verdict}`;
}

/** The width of an A/B report's label column. */
const LABEL_WIDTH = 78;
/** The width of each build's column: "median unit (min to max)". */
const CELL_WIDTH = 24;

function cell(values: number[], unit: string): string {
  const { median, min, max } = summarize(values);
  const f = format(unit);
  return `${f(median)}${unit ? ` ${unit}` : ''} (${f(min)} to ${f(max)})`.padEnd(CELL_WIDTH);
}

/**
 * B's median over A's: under 1 when the working tree's figure is lower (faster, smaller) than the ref's. A difference
 * that can be negative (a figure over its floor) has no ratio once either median is below zero, nor has any over 0.
 */
export function ratio(a: number[], b: number[]): string {
  const [ma, mb] = [summarize(a).median, summarize(b).median];
  if (ma === mb) return '1.00';
  if (ma <= 0 || mb < 0) return '-';
  return (mb / ma).toFixed(2);
}

/** The heading over an A/B report's columns. */
export function abHeader(aName: string, bName: string, runs: number): string {
  return [
    `A = ${aName}, B = ${bName}; each column is the median (min to max) of ${runs} run${runs === 1 ? '' : 's'}, taken in turns A,B,B,A...`,
    `${'Figure'.padEnd(LABEL_WIDTH)} ${'A'.padEnd(CELL_WIDTH)} ${'B'.padEnd(CELL_WIDTH)} ${'B/A'.padEnd(5)} Goal`,
  ].join('\n');
}

/** One figure: its median and range for the working tree alone, or for A and B side by side with B/A and the goal. */
export function figureLine(label: string, runs: BySide<number>, unit: string, goal?: Goal): string {
  const { A: a, B: b } = runs;
  if (!b) throw new Error(`no runs of the working tree for "${label}"`);
  if (!a) return line(label, b, unit, goal);
  const verdict = (values: number[]) => (summarize(values).median <= goal!.max ? 'within' : 'OVER');
  const goalText = goal ? `${goal.text}: A ${verdict(a)}, B ${verdict(b)}` : '';
  return `${label.padEnd(LABEL_WIDTH)} ${cell(a, unit)} ${cell(b, unit)} ${ratio(a, b).padEnd(5)} ${goalText}`.trimEnd();
}
