import { fail } from '../core/errors';
import { getConversation, listMessages } from '../storage/conversations';
import type { Turn } from './stream-registry';
import { loadTurnImages } from './turn-images';

export async function loadTurn(conversationId: string, messageId: string): Promise<Turn> {
  const conversation = await getConversation(conversationId);
  if (!conversation) fail('not-found', 'Conversation not found');
  const messages = await listMessages(conversationId);
  const index = messages.findIndex((m) => m.id === messageId);
  const answer = messages[index];
  if (!answer) fail('not-found', 'Message not found');
  const history = messages.slice(0, index);
  return { conversation, history, answer, images: await loadTurnImages(history) };
}
