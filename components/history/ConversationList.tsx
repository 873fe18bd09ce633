import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { defaultRangeExtractor, useVirtualizer, type Range, type VirtualItem } from '@tanstack/react-virtual';
import { toSlots, type HistoryRow, type Slot } from './history-rows';
import { ConversationGroup } from './ConversationGroup';
import { ConversationRow } from './ConversationRow';
import { rowKeyHandler } from './row-keys';

/** First guesses at heights; every slot is measured once mounted. */
const HEADING_HEIGHT = 36;
const ROW_HEIGHT = 56;
const ROW_WITH_SNIPPET_HEIGHT = 76;
/** Slots mounted beyond each edge of the viewport, so scrolling shows no blank. */
const OVERSCAN = 6;

export interface ConversationListProps {
  rows: readonly HistoryRow[];
  query: string;
  currentId: string | undefined;
  /** In select mode each row is a checkbox instead of a link with actions. */
  selecting: boolean;
  selected: ReadonlySet<string>;
  onToggle(id: string): void;
  onOpen(id: string): void;
  onRename(id: string, title: string): Promise<void>;
  onExport(id: string): void;
  onDelete(id: string): void;
}

/**
 * The conversations grouped by date, virtualised: only the slots near the
 * viewport are mounted, plus the heading of every group on screen and the row
 * holding the list's single Tab stop, so a long history stays light and the
 * keyboard never loses its place. Arrow keys, Home and End move between rows;
 * the inline-end arrow reaches a row's action menu.
 */
export function ConversationList(props: ConversationListProps) {
  const { rows, selecting, onDelete } = props;
  const id = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  // The day boundaries are fixed when the list is built, not on each render.
  const slots = useMemo(() => toSlots(rows, Date.now()), [rows]);
  const rowIds = useMemo(() => slots.flatMap((s) => (s.kind === 'row' ? [s.key] : [])), [slots]);
  const [chosenId, setChosenId] = useState<string>();
  const activeId = chosenId && rowIds.includes(chosenId) ? chosenId : rowIds[0];
  const activeIndex = slots.findIndex((s) => s.key === activeId);
  const [renamingId, setRenamingId] = useState<string>();
  // A row to focus once it is mounted (after a move, a rename, or a delete).
  const [focusId, setFocusId] = useState<string>();

  const virtualizer = useVirtualizer({
    count: slots.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => estimate(slots[i]!),
    overscan: OVERSCAN,
    getItemKey: (i) => slots[i]!.key,
    rangeExtractor: (range: Range) => {
      const indexes = new Set(defaultRangeExtractor(range));
      if (activeIndex >= 0) indexes.add(activeIndex);
      for (const i of [...indexes]) {
        const slot = slots[i];
        if (slot?.kind === 'row') indexes.add(slot.headingIndex);
      }
      return [...indexes].sort((a, b) => a - b);
    },
  });

  const moveTo = (rowId: string | undefined) => {
    if (!rowId) return;
    setChosenId(rowId);
    setFocusId(rowId);
    virtualizer.scrollToIndex(
      slots.findIndex((s) => s.key === rowId),
      { align: 'auto' },
    );
  };

  /** The row to land on when `rowId` goes away: the next one, else the one before. */
  const neighbour = (rowId: string) => {
    const i = rowIds.indexOf(rowId);
    return rowIds[i + 1] ?? rowIds[i - 1];
  };

  const remove = (rowId: string) => {
    const next = neighbour(rowId);
    if (next) {
      setChosenId(next);
      setFocusId(next);
    }
    onDelete(rowId);
  };

  const onKeyDown = rowKeyHandler(rowIds, selecting, { moveTo, rename: setRenamingId, remove });

  const items = virtualizer.getVirtualItems();
  // The row to focus may mount a render or two later (after a scroll or a reload), so this waits for it.
  const mounted = items.map((item) => item.key).join();
  useEffect(() => {
    if (!focusId) return;
    const target = scrollRef.current?.querySelector<HTMLElement>(`[data-row-id="${CSS.escape(focusId)}"] [data-roving]`);
    if (!target) return;
    target.focus({ preventScroll: true });
    setFocusId(undefined);
  }, [focusId, mounted, renamingId]);

  const runs = groupRuns(items, slots);
  const byIndex = new Map(items.map((item) => [item.index, item]));
  const place = (index: number) => ({ transform: `translateY(${byIndex.get(index)!.start}px)` });

  return (
    <div className="history-scroll" ref={scrollRef} onKeyDown={onKeyDown}>
      <div className="history-slots" style={{ blockSize: virtualizer.getTotalSize() }}>
        {runs.map(({ group, indexes }) => (
          <ConversationGroup
            key={group}
            group={group}
            headingId={`${id}-${group}`}
            indexes={indexes}
            slots={slots}
            measure={virtualizer.measureElement}
            place={place}
            row={(slot, i) => {
              const rowId = slot.key;
              return (
                <li
                  key={rowId}
                  data-row-id={rowId}
                  data-index={i}
                  ref={virtualizer.measureElement}
                  style={place(i)}
                  className={`history-row${rowId === props.currentId ? ' current' : ''}`}
                  aria-posinset={slot.position}
                  aria-setsize={slot.groupSize}
                  onFocus={() => setChosenId(rowId)}
                >
                  <ConversationRow
                    row={slot.row}
                    group={group}
                    query={props.query}
                    tabbable={rowId === activeId}
                    current={rowId === props.currentId}
                    selecting={selecting}
                    selected={props.selected.has(rowId)}
                    renaming={renamingId === rowId}
                    onToggle={() => props.onToggle(rowId)}
                    onOpen={() => props.onOpen(rowId)}
                    onStartRename={() => setRenamingId(rowId)}
                    onFinishRename={async (title) => {
                      if (title !== undefined) await props.onRename(rowId, title);
                      setRenamingId(undefined);
                      setFocusId(rowId);
                    }}
                    onExport={() => props.onExport(rowId)}
                    onDelete={() => remove(rowId)}
                  />
                </li>
              );
            }}
          />
        ))}
      </div>
    </div>
  );
}

/** Consecutive mounted slots of one group share a list, labelled by that group's heading. */
function groupRuns(items: readonly VirtualItem[], slots: readonly Slot[]): { group: Slot['group']; indexes: number[] }[] {
  const runs: { group: Slot['group']; indexes: number[] }[] = [];
  for (const item of items) {
    const group = slots[item.index]!.group;
    const last = runs.at(-1);
    if (last?.group === group) last.indexes.push(item.index);
    else runs.push({ group, indexes: [item.index] });
  }
  return runs;
}

function estimate(slot: Slot): number {
  if (slot.kind === 'heading') return HEADING_HEIGHT;
  return slot.row.snippet ? ROW_WITH_SNIPPET_HEIGHT : ROW_HEIGHT;
}
