/**
 * Anthropic Claude on Bedrock: the Messages API body with Bedrock's
 * anthropic_version, streamed back as Anthropic's own events
 * (message_start, content_block_*, message_delta, message_stop).
 */
import type { ChatEvent, ChatRequest } from '../../core/chat';
import { buildAnthropicBody } from '../anthropic';
import { count, field, messagesStop, record, type JsonObject } from '../wire-common';
import { blocksReply, replyDecoder, type InvokeCodec } from './bedrock-reply';

const ANTHROPIC_VERSION = 'bedrock-2023-05-31';
/** Bedrock requires max_tokens for Claude; this leaves room for a long answer. */
const DEFAULT_MAX_TOKENS = 4096;

/** Anthropic's own body, less what Bedrock takes from the request instead: the model in the path, streaming by the API called. */
function claudeBody(request: ChatRequest): JsonObject {
  const { model: _model, stream: _stream, ...body } = buildAnthropicBody(request);
  return { anthropic_version: ANTHROPIC_VERSION, ...body, max_tokens: request.params?.maxTokens ?? DEFAULT_MAX_TOKENS };
}

const claudeDecoder = () =>
  replyDecoder((event, state) => {
    const index = count(event.index) ?? 0;
    switch (event.type) {
      case 'message_start': {
        const usage = field(field(event, 'message'), 'usage');
        state.noteUsage(usage?.input_tokens, usage?.output_tokens);
        break;
      }
      case 'content_block_start': {
        const block = field(event, 'content_block');
        if (block?.type === 'tool_use') state.startCall(index, block.id, block.name);
        return block?.type === 'text' ? block.text : undefined;
      }
      case 'content_block_delta': {
        const delta = field(event, 'delta');
        if (delta?.type === 'input_json_delta') state.appendArguments(index, delta.partial_json);
        return delta?.type === 'text_delta' ? delta.text : undefined;
      }
      case 'message_delta': {
        const delta = field(event, 'delta');
        if (delta?.stop_reason != null) state.stop = messagesStop(delta.stop_reason);
        state.noteUsage(undefined, field(event, 'usage')?.output_tokens);
        break;
      }
    }
    return undefined;
  });

/** InvokeModel's whole reply: one Messages API message. */
function claudeWhole(body: unknown): ChatEvent[] {
  const message = record(body, 'The Claude reply');
  const usage = field(message, 'usage');
  return blocksReply(
    message,
    { usage: [usage?.input_tokens, usage?.output_tokens], stop: message.stop_reason, blocks: message.content },
    (block, index, state) => {
      if (block.type === 'tool_use') state.startCall(index, block.id, block.name, JSON.stringify(block.input ?? {}));
      return block.type === 'text' ? block.text : undefined;
    },
  );
}

export const claudeCodec: InvokeCodec = { body: claudeBody, decoder: claudeDecoder, whole: claudeWhole };
