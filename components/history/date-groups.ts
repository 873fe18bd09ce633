/** The sections of the conversation list, newest first. */
export type DateGroup = 'today' | 'yesterday' | 'previous7Days' | 'older';

export interface Grouped<T> {
  group: DateGroup;
  items: T[];
}

/**
 * Sorts items into calendar-day sections of the local time zone as of `now`;
 * empty sections are left out and each keeps the items' order. Days are
 * counted with calendar arithmetic rather than 24-hour steps, so a
 * daylight-saving change does not move a conversation to the wrong section.
 * A time after `now` (a clock set back) counts as today.
 */
export function groupByDate<T>(items: readonly T[], timeOf: (item: T) => number, now: number): Grouped<T>[] {
  const today = startOfDay(now, 0);
  const yesterday = startOfDay(now, -1);
  const weekAgo = startOfDay(now, -7);
  const groupOf = (time: number): DateGroup =>
    time >= today ? 'today' : time >= yesterday ? 'yesterday' : time >= weekAgo ? 'previous7Days' : 'older';
  const byGroup = new Map<DateGroup, T[]>(ORDER.map((group) => [group, []]));
  for (const item of items) byGroup.get(groupOf(timeOf(item)))!.push(item);
  return ORDER.flatMap((group) => {
    const grouped = byGroup.get(group)!;
    return grouped.length ? [{ group, items: grouped }] : [];
  });
}

const ORDER: readonly DateGroup[] = ['today', 'yesterday', 'previous7Days', 'older'];

/** Local midnight `days` calendar days from the day of `now`. */
function startOfDay(now: number, days: number): number {
  const date = new Date(now);
  date.setHours(0, 0, 0, 0);
  date.setDate(date.getDate() + days);
  return date.getTime();
}
