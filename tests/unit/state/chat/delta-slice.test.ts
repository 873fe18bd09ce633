import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredMessage } from '../../../../lib/core/conversation';
import { createDeltaSlice } from '../../../../components/state/chat/delta-slice';
import { sliceAlone } from '../../support/chat-slice';

const answer = (id: string): StoredMessage => ({
  id,
  conversationId: 'c1',
  role: 'assistant',
  content: '',
  createdAt: 1,
  status: 'streaming',
});

function deltaStore() {
  const noteShown = vi.fn<(messageId: string, content: string) => void>();
  const store = sliceAlone(createDeltaSlice, { messages: [answer('a1'), answer('a2')], internal_noteShown: noteShown });
  const text = (id: string) => store.getState().messages.find((m) => m.id === id)!.content;
  return { store, noteShown, text };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  vi.advanceTimersByTime(100);
});
afterEach(() => vi.useRealTimers());

describe('the delta slice', () => {
  it('shows a delta after a quiet frame at once, and holds the next ones for the rest of the frame', () => {
    const { store, text } = deltaStore();
    store.getState().internal_receiveDelta('a1', 'One');
    expect(text('a1')).toBe('One');

    store.getState().internal_receiveDelta('a1', ' two');
    store.getState().internal_receiveDelta('a2', 'Other');
    expect(text('a1')).toBe('One');
    vi.advanceTimersByTime(15);
    expect(text('a1')).toBe('One');
    vi.advanceTimersByTime(1);
    expect([text('a1'), text('a2')]).toEqual(['One two', 'Other']);
  });

  it('shows what it holds when asked, without waiting for the frame, and holds nothing after', () => {
    const { store, text } = deltaStore();
    store.getState().internal_receiveDelta('a1', 'One');
    store.getState().internal_receiveDelta('a1', ' two');
    store.getState().internal_showHeld();
    expect(text('a1')).toBe('One two');

    const before = store.getState().messages;
    vi.advanceTimersByTime(16);
    store.getState().internal_showHeld();
    expect(store.getState().messages).toBe(before);
  });

  it('replaces an answer with its snapshot and drops what it held for that answer only', () => {
    const { store, text } = deltaStore();
    store.getState().internal_receiveDelta('a1', 'On');
    store.getState().internal_receiveDelta('a1', 'e stale');
    store.getState().internal_receiveDelta('a2', 'Kept');
    store.getState().internal_showSnapshot('a1', 'One whole');
    vi.advanceTimersByTime(16);
    expect([text('a1'), text('a2')]).toEqual(['One whole', 'Kept']);
  });

  it('tells the store every text an answer was shown with', () => {
    const { store, noteShown } = deltaStore();
    store.getState().internal_receiveDelta('a1', 'One');
    store.getState().internal_showSnapshot('a2', 'Whole');
    expect(noteShown.mock.calls).toEqual([
      ['a1', 'One'],
      ['a2', 'Whole'],
    ]);
  });

  it('keeps its frame apart from another store’s: each shows its first delta at once', () => {
    const first = deltaStore();
    const second = deltaStore();
    first.store.getState().internal_receiveDelta('a1', 'One');
    second.store.getState().internal_receiveDelta('a1', 'Uno');
    expect([first.text('a1'), second.text('a1')]).toEqual(['One', 'Uno']);
  });
});
