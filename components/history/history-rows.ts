import type { Conversation } from '../../lib/core/conversation';
import { groupByDate, type DateGroup } from './date-groups';

/** One conversation as the list shows it; `snippet` is the text around a search hit. */
export interface HistoryRow {
  conversation: Conversation;
  snippet?: string;
}

/** What the virtual list lays out: a group heading, or a row with its place in that group. */
export type Slot =
  | { kind: 'heading'; key: string; group: DateGroup }
  | { kind: 'row'; key: string; group: DateGroup; row: HistoryRow; headingIndex: number; position: number; groupSize: number };

/** Flattens the date groups into one sequence of headings and rows for the virtualiser. */
export function toSlots(rows: readonly HistoryRow[], now: number): Slot[] {
  const slots: Slot[] = [];
  for (const { group, items } of groupByDate(rows, (r) => r.conversation.updatedAt, now)) {
    const headingIndex = slots.push({ kind: 'heading', key: `heading-${group}`, group }) - 1;
    items.forEach((row, i) =>
      slots.push({ kind: 'row', key: row.conversation.id, group, row, headingIndex, position: i + 1, groupSize: items.length }),
    );
  }
  return slots;
}
