import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Slot } from './history-rows';

export interface ConversationGroupProps {
  group: Slot['group'];
  headingId: string;
  /** The mounted slots of this group, in order: its heading (when mounted) and rows. */
  indexes: number[];
  slots: readonly Slot[];
  /** Lets the virtualiser measure a mounted slot. */
  measure(element: Element | null): void;
  place(index: number): CSSProperties;
  row(slot: Extract<Slot, { kind: 'row' }>, index: number): ReactNode;
}

/** One date group of the history: its heading, and a list of its mounted rows labelled by that heading. */
export function ConversationGroup({ group, headingId, indexes, slots, measure, place, row }: ConversationGroupProps) {
  const { t } = useTranslation();
  const rowIndexes = indexes.filter((i) => slots[i]!.kind === 'row');
  return (
    <div className="history-group">
      {indexes
        .filter((i) => slots[i]!.kind === 'heading')
        .map((i) => (
          <h3 key={i} id={headingId} className="history-heading" data-index={i} ref={measure} style={place(i)}>
            {t(`history.groups.${group}`)}
          </h3>
        ))}
      {rowIndexes.length > 0 && (
        <ul className="history-list" aria-labelledby={headingId}>
          {rowIndexes.map((i) => row(slots[i] as Extract<Slot, { kind: 'row' }>, i))}
        </ul>
      )}
    </div>
  );
}
