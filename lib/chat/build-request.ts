import type { ChatMessage, ChatRequest, ToolDefinition } from '../core/chat';
import type { Conversation, StoredMessage } from '../core/conversation';
import { ChatFailure, chatError } from '../core/errors';
import type { ImagePart } from '../core/images';
import { quoteContext } from '../page/quote-context';

function userTurnText(message: StoredMessage): string {
  if (!message.context?.length) return message.content;
  return `${quoteContext(message.context)}\n\n${message.content}`;
}

/** A user turn's attached images, from `images` (loaded by id); none when the model is not sent images. */
function userTurnImages(message: StoredMessage, images?: ReadonlyMap<string, ImagePart>): Pick<ChatMessage, 'images'> {
  const parts = (images && message.images?.flatMap((ref) => images.get(ref.id) ?? [])) ?? [];
  return parts.length ? { images: parts } : {};
}

/** The model's view of a conversation up to (not including) the answer being written. */
export function buildChatRequest(
  conversation: Conversation,
  history: readonly StoredMessage[],
  model: string,
  tools?: ToolDefinition[],
  extraSystem?: string,
  images?: ReadonlyMap<string, ImagePart>,
): ChatRequest {
  const messages: ChatMessage[] = [];
  const system = [conversation.systemPrompt.trim(), extraSystem?.trim()].filter(Boolean).join('\n\n');
  if (system) messages.push({ role: 'system', content: system });
  for (const m of history) {
    if (m.role === 'user') messages.push({ role: 'user', content: userTurnText(m), ...userTurnImages(m, images) });
    else if (m.content) messages.push({ role: 'assistant', content: m.content });
  }
  return { model, messages, params: conversation.params, ...(tools?.length ? { tools } : {}) };
}

/** Refuses a request with more tools than the provider takes: it would only come back as a 400, on every turn. */
export function assertToolLimit(tools: readonly ToolDefinition[] | undefined, maxTools: number): void {
  const count = tools?.length ?? 0;
  if (count <= maxTools) return;
  throw new ChatFailure(
    chatError('too-many-tools', `${count} tools are switched on; this provider takes at most ${maxTools}.`, { tools: count, maxTools }),
  );
}
