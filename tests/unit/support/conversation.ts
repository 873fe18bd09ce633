import type { Conversation } from '../../../lib/core/conversation';

/** A stored conversation with no title, system prompt or parameters, changed by `extra`. */
export function aConversation(extra: Partial<Conversation> = {}): Conversation {
  return { id: 'c1', title: '', createdAt: 0, updatedAt: 0, systemPrompt: '', params: {}, ...extra };
}
