import type { StoredMessage } from '../../../lib/core/conversation';
import type { ChatSlice } from './slice';

/**
 * Deltas arrive per token, faster than the screen refreshes: the view takes
 * them at most once a frame. A delta after a quiet frame shows at once, in
 * the task it arrived in, rather than waiting for the next animation frame;
 * and the worker's `text-done` shows what is held at once, so the last words
 * of an answer are painted in the frame they arrive.
 */
const FRAME_MS = 16;

export interface DeltaSlice {
  /** Adds streamed text to an answer, shown now or with the next frame. */
  internal_receiveDelta(messageId: string, text: string): void;
  /** Shows whatever text is still held for the next frame. */
  internal_showHeld(): void;
  /** Replaces an answer's text with the whole of it so far, dropping what was held for it. */
  internal_showSnapshot(messageId: string, content: string): void;
}

export interface DeltaNeeds {
  messages: StoredMessage[];
  /** Called with every text an answer is shown with. */
  internal_noteShown(messageId: string, content: string): void;
}

export const createDeltaSlice: ChatSlice<DeltaSlice, DeltaNeeds> = (set, get) => {
  let held = new Map<string, string>();
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  let lastFlushAt = -Infinity;

  const shown = (message: StoredMessage, content: string): StoredMessage => {
    get().internal_noteShown(message.id, content);
    return { ...message, content };
  };

  const flush = () => {
    clearTimeout(flushTimer);
    flushTimer = undefined;
    lastFlushAt = performance.now();
    const pending = held;
    held = new Map();
    set((s) => ({ messages: s.messages.map((m) => (pending.has(m.id) ? shown(m, m.content + pending.get(m.id)) : m)) }));
  };

  return {
    internal_receiveDelta(messageId, text) {
      held.set(messageId, (held.get(messageId) ?? '') + text);
      if (flushTimer !== undefined) return;
      const wait = lastFlushAt + FRAME_MS - performance.now();
      if (wait <= 0) flush();
      else flushTimer = setTimeout(flush, wait);
    },
    internal_showHeld() {
      if (held.size) flush();
    },
    internal_showSnapshot(messageId, content) {
      held.delete(messageId);
      set((s) => ({ messages: s.messages.map((m) => (m.id === messageId ? shown(m, content) : m)) }));
    },
  };
};
