import type { StoredMessage } from '../../../lib/core/conversation';
import type { ProviderAdapter, ProviderContext } from '../../../lib/providers/types';
import { StreamRegistry, type StreamDeps } from '../../../lib/chat/stream-registry';
import { aConversation } from './conversation';

/** One turn of a conversation: the user's "Hi" and the streaming answer `a1` to it. */
export const conversation = aConversation({ title: 't', createdAt: 1, updatedAt: 1, model: { providerId: 'p1', model: 'gpt-4o-mini' } });
export const user: StoredMessage = { id: 'u1', conversationId: 'c1', role: 'user', content: 'Hi', createdAt: 1, status: 'complete' };
export const answer: StoredMessage = { id: 'a1', conversationId: 'c1', role: 'assistant', content: '', createdAt: 2, status: 'streaming' };

/** A registry streaming that turn through `adapter`, writing every checkpoint to `stored` (message id → merged patches). */
export function registryFor(adapter: ProviderAdapter, context: Omit<ProviderContext, 'signal'>, extra: Partial<StreamDeps> = {}) {
  const stored = new Map<string, Partial<StoredMessage>>();
  const registry = new StreamRegistry({
    loadTurn: async () => ({ conversation, history: [user], answer }),
    resolve: async () => ({ adapter, context }),
    patchMessage: async (id, patch) => void stored.set(id, { ...stored.get(id), ...patch }),
    keepAlive: () => () => undefined,
    checkpointMs: 0,
    ...extra,
  });
  return { registry, stored };
}
