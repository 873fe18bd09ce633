import type { KeyboardEvent } from 'react';

export interface RowKeyActions {
  /** Focuses a row, scrolling it into view. */
  moveTo(rowId: string | undefined): void;
  rename(rowId: string): void;
  remove(rowId: string): void;
}

/**
 * The history list's keys: arrows, Home and End move between rows; the inline-end arrow reaches a row's action menu
 * and the inline-start one comes back; F2 renames and Delete deletes, except in select mode. Keys typed in the rename
 * field or an open menu belong to them.
 */
export function rowKeyHandler(rowIds: readonly string[], selecting: boolean, act: RowKeyActions) {
  return (e: KeyboardEvent<HTMLElement>) => {
    const target = e.target as HTMLElement;
    const rowElement = target.closest<HTMLElement>('[data-row-id]');
    if (!rowElement || target.closest('form, [role=menu]')) return;
    const rowId = rowElement.dataset.rowId!;
    const index = rowIds.indexOf(rowId);
    const rtl = getComputedStyle(rowElement).direction === 'rtl';
    switch (e.key) {
      case 'ArrowDown':
        act.moveTo(rowIds[Math.min(index + 1, rowIds.length - 1)]);
        break;
      case 'ArrowUp':
        act.moveTo(rowIds[Math.max(index - 1, 0)]);
        break;
      case 'Home':
        act.moveTo(rowIds[0]);
        break;
      case 'End':
        act.moveTo(rowIds.at(-1));
        break;
      case 'ArrowLeft':
      case 'ArrowRight': {
        const toEnd = (e.key === 'ArrowRight') !== rtl;
        const to = rowElement.querySelector<HTMLElement>(toEnd ? '[aria-haspopup=menu]' : '[data-roving]');
        if (!to) return;
        to.focus();
        break;
      }
      case 'F2':
        if (selecting) return;
        act.rename(rowId);
        break;
      case 'Delete':
        if (selecting) return;
        act.remove(rowId);
        break;
      default:
        return;
    }
    e.preventDefault();
  };
}
