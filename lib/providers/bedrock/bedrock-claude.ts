/**
 * Anthropic Claude on Bedrock: the Messages API body with Bedrock's
 * anthropic_version, streamed back as Anthropic's own events
 * (message_start, content_block_*, message_delta, message_stop).
 */
import type { ChatEvent, ChatMessage, ChatRequest } from '../../core/chat';
import {
  argumentsObject,
  count,
  field,
  ReplyState,
  record,
  text,
  type InvokeCodec,
  type JsonObject,
  type ReplyDecoder,
  bedrockStop,
} from './bedrock-reply';

const ANTHROPIC_VERSION = 'bedrock-2023-05-31';
/** Bedrock requires max_tokens for Claude; this leaves room for a long answer. */
const DEFAULT_MAX_TOKENS = 4096;

type ClaudeBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | { type: 'tool_result'; tool_use_id: string; content: string };

interface ClaudeMessage {
  role: 'user' | 'assistant';
  content: ClaudeBlock[];
}

const textBlocks = (content: string): ClaudeBlock[] => (content ? [{ type: 'text', text: content }] : []);

function blocksOf(m: ChatMessage): ClaudeBlock[] {
  if (m.role === 'tool') return [{ type: 'tool_result', tool_use_id: m.toolCallId ?? '', content: m.content }];
  const calls = (m.toolCalls ?? []).map((c): ClaudeBlock => ({
    type: 'tool_use',
    id: c.id,
    name: c.name,
    input: argumentsObject(c.arguments),
  }));
  return [...textBlocks(m.content), ...calls];
}

/** Claude wants strictly alternating turns, and tool results inside a user turn. */
function claudeMessages(messages: readonly ChatMessage[]): { system?: string; messages: ClaudeMessage[] } {
  const system = messages
    .filter((m) => m.role === 'system')
    .map((m) => m.content)
    .filter(Boolean)
    .join('\n\n');
  const out: ClaudeMessage[] = [];
  for (const m of messages) {
    if (m.role === 'system') continue;
    const role = m.role === 'assistant' ? 'assistant' : 'user';
    const blocks = blocksOf(m);
    if (!blocks.length) continue;
    const last = out.at(-1);
    if (last?.role === role) last.content.push(...blocks);
    else out.push({ role, content: blocks });
  }
  return { ...(system ? { system } : {}), messages: out };
}

function claudeBody(request: ChatRequest): JsonObject {
  const p = request.params ?? {};
  return {
    anthropic_version: ANTHROPIC_VERSION,
    max_tokens: p.maxTokens ?? DEFAULT_MAX_TOKENS,
    ...claudeMessages(request.messages),
    temperature: p.temperature,
    top_p: p.topP,
    stop_sequences: p.stop?.length ? p.stop : undefined,
    tools: request.tools?.length
      ? request.tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters }))
      : undefined,
  };
}

function claudeDecoder(): ReplyDecoder {
  const state = new ReplyState();
  return {
    push(payload) {
      const event = record(payload);
      state.noteMetrics(event);
      const index = count(event.index) ?? 0;
      switch (event.type) {
        case 'message_start': {
          const usage = field(field(event, 'message'), 'usage');
          state.noteUsage(usage?.input_tokens, usage?.output_tokens);
          return [];
        }
        case 'content_block_start': {
          const block = field(event, 'content_block');
          if (block?.type === 'tool_use') state.startCall(index, block.id, block.name);
          const initial = block?.type === 'text' ? text(block.text) : undefined;
          return initial ? [initial] : [];
        }
        case 'content_block_delta': {
          const delta = field(event, 'delta');
          if (delta?.type === 'input_json_delta') state.appendArguments(index, delta.partial_json);
          const piece = delta?.type === 'text_delta' ? text(delta.text) : undefined;
          return piece ? [piece] : [];
        }
        case 'message_delta': {
          const delta = field(event, 'delta');
          if (delta?.stop_reason != null) state.stop = bedrockStop(delta.stop_reason);
          state.noteUsage(undefined, field(event, 'usage')?.output_tokens);
          return [];
        }
        default:
          return [];
      }
    },
    end: () => state.end(),
  };
}

/** InvokeModel's whole reply: one Messages API message. */
function claudeWhole(body: unknown): ChatEvent[] {
  const message = record(body, 'The Claude reply');
  const state = new ReplyState();
  state.noteMetrics(message);
  const usage = field(message, 'usage');
  state.noteUsage(usage?.input_tokens, usage?.output_tokens);
  const events: ChatEvent[] = [];
  const blocks = Array.isArray(message.content) ? (message.content as unknown[]) : [];
  blocks.forEach((raw, index) => {
    const block = record(raw, 'A Claude content block');
    if (block.type === 'text' && text(block.text)) events.push({ type: 'text-delta', text: text(block.text)! });
    if (block.type === 'tool_use') state.startCall(index, block.id, block.name, JSON.stringify(block.input ?? {}));
  });
  state.stop = bedrockStop(message.stop_reason);
  return [...events, ...state.end()];
}

export const claudeCodec: InvokeCodec = { body: claudeBody, decoder: claudeDecoder, whole: claudeWhole };
