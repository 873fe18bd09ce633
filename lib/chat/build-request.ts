import type { ChatMessage, ChatRequest, ToolDefinition } from '../core/chat';
import type { ContextBlock, Conversation, StoredMessage } from '../core/conversation';

/**
 * Context the user attached (a selection, a page) is untrusted text: it goes
 * into the user's own turn as a clearly delimited quotation, never into the
 * system prompt, so a page cannot speak with the system's authority.
 */
export function quoteContext(blocks: readonly ContextBlock[]): string {
  return blocks
    .map((b) => {
      const source = [b.title, b.url].filter(Boolean).join(' — ');
      const header = `<${b.kind === 'page' ? 'page' : 'selection'}${source ? ` source="${source.replace(/"/g, "'")}"` : ''}>`;
      const close = `</${b.kind === 'page' ? 'page' : 'selection'}>`;
      return `${header}\n${b.text.replaceAll(close, '')}\n${close}`;
    })
    .join('\n\n');
}

function userTurnText(message: StoredMessage): string {
  if (!message.context?.length) return message.content;
  return `${quoteContext(message.context)}\n\n${message.content}`;
}

/** The model's view of a conversation up to (not including) the answer being written. */
export function buildChatRequest(
  conversation: Conversation,
  history: readonly StoredMessage[],
  model: string,
  tools?: ToolDefinition[],
  extraSystem?: string,
): ChatRequest {
  const messages: ChatMessage[] = [];
  const system = [conversation.systemPrompt.trim(), extraSystem?.trim()].filter(Boolean).join('\n\n');
  if (system) messages.push({ role: 'system', content: system });
  for (const m of history) {
    if (m.role === 'user') messages.push({ role: 'user', content: userTurnText(m) });
    else if (m.content) messages.push({ role: 'assistant', content: m.content });
  }
  return { model, messages, params: conversation.params, ...(tools?.length ? { tools } : {}) };
}
