import { chatError, type ChatError } from '../core/errors';
import type { PanelToBackground } from './port-messages';
import { listMessages, markInterruptedStreams } from '../storage/conversations';
import type { StreamRegistry, Watcher } from './stream-registry';

function interruptedError(): ChatError {
  return chatError('interrupted', 'The background worker stopped while this answer was being written.');
}

/**
 * Closes off every answer stored as 'streaming' that this worker is not
 * writing: its worker was stopped mid-answer. The text checkpointed so far stays.
 */
export function settleOrphans(activeMessageIds: Iterable<string>): Promise<string[]> {
  return markInterruptedStreams(activeMessageIds, interruptedError());
}

/** What the background does with one message from a panel's chat port. */
export async function handlePanelMessage(streams: StreamRegistry, message: PanelToBackground, watcher: Watcher): Promise<void> {
  if (message.type === 'start') void streams.start(message.conversationId, message.messageId, watcher);
  else if (message.type === 'stop') {
    if (!streams.stop(message.conversationId)) await replyWithStoredState(streams, message.conversationId, watcher);
  } else if (!streams.watch(message.conversationId, watcher)) await replyWithStoredState(streams, message.conversationId, watcher);
}

/**
 * Nothing is running for the conversation the panel follows or wants stopped:
 * the worker restarted since, and may already have settled the answer when it
 * started. Either way the panel is told the stored final state, or it would
 * show the answer as streaming for ever.
 */
async function replyWithStoredState(streams: StreamRegistry, conversationId: string, watcher: Watcher): Promise<void> {
  await settleOrphans(streams.activeMessageIds());
  const answer = (await listMessages(conversationId)).reverse().find((m) => m.role === 'assistant');
  if (!answer || answer.status === 'streaming') return;
  watcher.send({ type: 'ended', conversationId, messageId: answer.id, status: answer.status, error: answer.error });
}
