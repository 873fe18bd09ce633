import { fail } from '../core/errors';
import { getConversation, listMessages } from '../storage/conversations';
import type { Turn } from './stream-registry';

export async function loadTurn(conversationId: string, messageId: string): Promise<Turn> {
  const conversation = await getConversation(conversationId);
  if (!conversation) fail('not-found', 'Conversation not found');
  const messages = await listMessages(conversationId);
  const index = messages.findIndex((m) => m.id === messageId);
  const answer = messages[index];
  if (!answer) fail('not-found', 'Message not found');
  return { conversation, history: messages.slice(0, index), answer };
}
