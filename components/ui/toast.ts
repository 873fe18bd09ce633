import { externalStore } from './external-store';

export interface Toast {
  id: number;
  message: string;
  tone: 'info' | 'success' | 'error';
  action?: { label: string; onAction(): void };
  /** Shows a localised Undo button that calls this. */
  undo?: () => void;
  /** Milliseconds it stays; errors stay until dismissed. */
  duration?: number;
}

export const toasts = externalStore<Toast[]>([]);
const UNDO_MS = 6000;
let nextId = 1;

export function dismissToast(id: number): void {
  toasts.set(toasts.get().filter((t) => t.id !== id));
}

/** Shows a short announced message, in place of inline status text. Returns its id. */
export function showToast({ tone = 'info', ...toast }: Omit<Toast, 'id' | 'tone'> & { tone?: Toast['tone'] }): number {
  const id = nextId++;
  const ms = toast.duration ?? (tone === 'error' ? undefined : toast.action || toast.undo ? UNDO_MS : 4000);
  toasts.set([...toasts.get().slice(-2), { ...toast, id, tone, ...(ms ? { duration: ms } : {}) }]);
  if (ms) setTimeout(() => dismissToast(id), ms);
  return id;
}

/**
 * After a destructive action that already happened on screen: offers Undo for a few seconds. `onUndo` restores what
 * was removed; `onExpire`, if given, runs once Undo is no longer offered (to finish what must wait until then).
 */
export function showUndoToast({ message, onUndo, onExpire }: { message: string; onUndo(): void; onExpire?(): void }): void {
  let undone = false;
  showToast({
    message,
    undo: () => {
      undone = true;
      onUndo();
    },
  });
  setTimeout(() => !undone && onExpire?.(), UNDO_MS);
}
