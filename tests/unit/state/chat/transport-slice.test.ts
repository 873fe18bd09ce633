import { describe, expect, it, vi } from 'vitest';
import type { Conversation, StoredMessage } from '../../../../lib/core/conversation';
import { createTransportSlice, type TransportNeeds } from '../../../../components/state/chat/transport-slice';
import { fakeChatPort } from '../../support/chat-port';
import { sliceAlone } from '../../support/chat-slice';

const conversation: Conversation = { id: 'c1', title: '', systemPrompt: '', params: {}, createdAt: 1, updatedAt: 1 };
const streaming: StoredMessage = { id: 'a1', conversationId: 'c1', role: 'assistant', content: '', createdAt: 1, status: 'streaming' };

function transportStore(needs: Partial<TransportNeeds> = {}) {
  const port = fakeChatPort();
  const fakes = {
    conversation,
    messages: [],
    reloadMessages: vi.fn(async () => undefined),
    internal_receiveDelta: vi.fn(),
    internal_showHeld: vi.fn(),
    internal_showSnapshot: vi.fn(),
    internal_accepted: vi.fn(),
    internal_refused: vi.fn(async () => undefined),
    ...needs,
  };
  const store = sliceAlone(createTransportSlice(port.connect), fakes);
  // The background answers only a panel that opened its port.
  store.getState().internal_post({ type: 'watch', conversationId: 'c1' });
  return { store, port, fakes };
}

describe('the transport slice', () => {
  it('opens its port on the first message it sends, once, and sends through it', () => {
    const port = fakeChatPort();
    const store = sliceAlone(createTransportSlice(port.connect), transportStore().fakes);
    expect(port.opened).toBe(0);
    store.getState().internal_post({ type: 'watch', conversationId: 'c1' });
    store.getState().stop();
    expect(port.opened).toBe(1);
    expect(port.posted).toEqual([
      { type: 'watch', conversationId: 'c1' },
      { type: 'stop', conversationId: 'c1' },
    ]);
  });

  it('stops nothing when no conversation is shown', () => {
    const { store, port } = transportStore({ conversation: undefined });
    store.getState().stop();
    expect(port.posted).toEqual([{ type: 'watch', conversationId: 'c1' }]);
  });

  it('hands a refusal back to be undone, and counts anything else as the send accepted', () => {
    const { port, fakes } = transportStore();
    port.deliver({ type: 'busy', conversationId: 'c1', messageId: 'a1' });
    expect(fakes.internal_refused).toHaveBeenCalledWith('c1', 'a1');
    expect(fakes.internal_accepted).not.toHaveBeenCalled();

    port.deliver({ type: 'delta', conversationId: 'c1', messageId: 'a2', text: 'Hi' });
    expect(fakes.internal_accepted).toHaveBeenCalledWith('a2');
  });

  it('routes the shown conversation’s deltas, snapshots and ends, and ignores another conversation’s', async () => {
    const { port, fakes } = transportStore();
    port.deliver({ type: 'delta', conversationId: 'other', messageId: 'b1', text: 'No' });
    expect(fakes.internal_accepted).toHaveBeenCalledWith('b1');
    expect(fakes.internal_receiveDelta).not.toHaveBeenCalled();

    port.deliver({ type: 'delta', conversationId: 'c1', messageId: 'a1', text: 'Hi' });
    expect(fakes.internal_receiveDelta).toHaveBeenCalledWith('a1', 'Hi');
    port.deliver({ type: 'snapshot', conversationId: 'c1', messageId: 'a1', content: 'Hi all' });
    expect(fakes.internal_showSnapshot).toHaveBeenCalledWith('a1', 'Hi all');
    port.deliver({ type: 'text-done', conversationId: 'c1', messageId: 'a1' });
    expect(fakes.internal_showHeld).toHaveBeenCalledTimes(1);
    expect(fakes.reloadMessages).not.toHaveBeenCalled();

    port.deliver({ type: 'ended', conversationId: 'c1', messageId: 'a1', status: 'complete' });
    expect(fakes.internal_showHeld).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(fakes.reloadMessages).toHaveBeenCalledTimes(1));
  });

  it('follows an answer being written again after the worker restarts, and only then', () => {
    const idle = transportStore();
    idle.port.reconnect();
    expect(idle.port.posted).toHaveLength(1);

    const following = transportStore({ messages: [streaming] });
    following.port.reconnect();
    expect(following.port.posted.at(-1)).toEqual({ type: 'watch', conversationId: 'c1' });
    expect(following.port.posted).toHaveLength(2);
  });
});
