/** Median and range of repeated measurements, formatted for the bench report. */
export function summarize(values: number[]): { median: number; min: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted.at(-1)! };
}

export function line(label: string, values: number[], unit: string, budget?: { max: number; text: string }): string {
  const { median, min, max } = summarize(values);
  const verdict = budget ? (median <= budget.max ? `  within budget (${budget.text})` : `  OVER budget (${budget.text})`) : '';
  const f = (n: number) => (unit === '%' ? n.toFixed(1) : n.toFixed(0));
  return `${label.padEnd(72)} median ${f(median)} ${unit}  (min ${f(min)}, max ${f(max)}, n=${values.length})${verdict}`;
}
