/**
 * Anthropic's Messages API through its official SDK, its HTTP routed over
 * ctx.fetch and retried by the shared policy. The SDK streams raw events:
 * text and tool_use content blocks (tool input as input_json_delta
 * fragments), usage in message_start and message_delta, the stop reason in
 * message_delta, and message_stop as the end marker.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { APIConnectionError, APIConnectionTimeoutError, APIError } from '@anthropic-ai/sdk/core/error';
import { BaseAnthropic } from '@anthropic-ai/sdk/client';
import { Messages } from '@anthropic-ai/sdk/resources/messages';
import { Models } from '@anthropic-ai/sdk/resources/models';
import type { ChatMessage, ChatRequest, FinishReason } from '../core/chat';
import { chatError, codeForStatus, type ChatError, type ChatErrorCode } from '../core/errors';
import type { ModelInfo } from '../core/providers';
import { requireCredential } from '../transport/url-policy';
import { connectionError } from '../transport/sdk-errors';
import { credentialedBase, defineAdapter, OPENAI_TOOL_LIMIT, policyFetch, type WireEvent } from './define-adapter';
import type { ProviderContext } from './types';
import { alternatingTurns, argumentsObject, field, messagesStop, systemText, text } from './wire-common';

const DEFAULT_ANTHROPIC_URL = 'https://api.anthropic.com';
/** The API insists on an output limit; this one leaves room for long answers. */
const DEFAULT_MAX_TOKENS = 8192;

/**
 * The base client with only the two resources Parley calls: the full
 * `Anthropic` class builds every resource of the API (files, batches, skills,
 * beta…), which the service worker would parse at every start.
 */
function createClient(ctx: ProviderContext): { messages: Messages; models: Models } {
  const client = new BaseAnthropic({
    apiKey: requireCredential(ctx.secrets.apiKey),
    baseURL: credentialedBase(ctx, DEFAULT_ANTHROPIC_URL),
    // Retries follow the shared policy (retry-policy), not the SDK's own.
    fetch: policyFetch(ctx),
    maxRetries: 0,
    timeout: 600_000,
    dangerouslyAllowBrowser: true,
    logLevel: 'off',
  });
  return { messages: new Messages(client), models: new Models(client) };
}

function toContent(m: ChatMessage): Anthropic.ContentBlockParam[] {
  if (m.role === 'tool') return [{ type: 'tool_result', tool_use_id: m.toolCallId ?? '', content: m.content }];
  // Images go before the question, as Anthropic advises.
  const images = (m.images ?? []).map((i): Anthropic.ImageBlockParam => ({
    type: 'image',
    source: { type: 'base64', media_type: i.mimeType, data: i.data },
  }));
  const text: Anthropic.ContentBlockParam[] = m.content ? [...images, { type: 'text', text: m.content }] : images;
  const calls = (m.toolCalls ?? []).map((c): Anthropic.ToolUseBlockParam => ({
    type: 'tool_use',
    id: c.id,
    name: c.name,
    input: argumentsObject(c.arguments),
  }));
  return [...text, ...calls];
}

/** The Messages API body, streamed; Claude on Bedrock sends the same body less model and stream. */
export function buildAnthropicBody(request: ChatRequest): Anthropic.MessageCreateParamsStreaming {
  const p = request.params ?? {};
  const system = systemText(request.messages);
  return {
    model: request.model,
    messages: alternatingTurns(request.messages, toContent),
    stream: true,
    max_tokens: p.maxTokens ?? DEFAULT_MAX_TOKENS,
    ...(system ? { system } : {}),
    ...(request.tools?.length
      ? {
          tools: request.tools.map((t) => ({
            name: t.name,
            description: t.description,
            input_schema: t.parameters as Anthropic.Tool.InputSchema,
          })),
        }
      : {}),
    ...(p.temperature !== undefined ? { temperature: p.temperature } : {}),
    ...(p.topP !== undefined ? { top_p: p.topP } : {}),
    ...(p.stop?.length ? { stop_sequences: p.stop } : {}),
  };
}

async function* stream(ctx: ProviderContext, request: ChatRequest): AsyncGenerator<WireEvent> {
  const client = createClient(ctx);
  const events = await client.messages.create(buildAnthropicBody(request), { signal: ctx.signal });
  let inputTokens: number | undefined;
  let stop: FinishReason = 'other';
  for await (const event of events) {
    if (event.type === 'message_start') inputTokens = event.message.usage.input_tokens;
    else if (event.type === 'content_block_start' && event.content_block.type === 'tool_use') {
      yield { type: 'tool-fragment', index: event.index, id: event.content_block.id, name: event.content_block.name };
    } else if (event.type === 'content_block_delta') {
      if (event.delta.type === 'text_delta') yield { type: 'text-delta', text: event.delta.text };
      else if (event.delta.type === 'input_json_delta')
        yield { type: 'tool-fragment', index: event.index, arguments: event.delta.partial_json };
    } else if (event.type === 'message_delta') {
      stop = messagesStop(event.delta.stop_reason);
      yield { type: 'usage', usage: { inputTokens, outputTokens: event.usage.output_tokens } };
    } else if (event.type === 'message_stop') yield { type: 'finish', reason: stop };
  }
}

/** Anthropic's error types, the same in an HTTP reply and in an error event inside a stream. */
const CODE_BY_TYPE: Readonly<Record<string, ChatErrorCode>> = {
  invalid_request_error: 'bad-request',
  authentication_error: 'unauthorized',
  permission_error: 'forbidden',
  not_found_error: 'not-found',
  request_too_large: 'bad-request',
  rate_limit_error: 'rate-limited',
  api_error: 'server-error',
  overloaded_error: 'service-unavailable',
};

/** The SDK's own errors; the shell has already dealt with policy refusals and stops. */
function anthropicError(e: unknown, provider: string): ChatError | undefined {
  const connection = connectionError(e, provider, { timeout: APIConnectionTimeoutError, connection: APIConnectionError });
  if (connection || !(e instanceof APIError)) return connection;
  // The SDK keeps the reply's body, `{type: 'error', error: {type, message}}`.
  const type = text(field(e.error, 'error')?.type);
  let code: ChatErrorCode = (type ? CODE_BY_TYPE[type] : undefined) ?? (e.status !== undefined ? codeForStatus(e.status) : 'server-error');
  if (code === 'not-found' && /model/i.test(e.message)) code = 'model-not-found';
  // 529: Anthropic is overloaded, which waiting fixes.
  if (e.status === 529) code = 'service-unavailable';
  return chatError(code, e.message, { provider, ...(e.status !== undefined ? { status: e.status } : {}), ...(type ? { type } : {}) });
}

export const anthropicAdapter = defineAdapter({
  kind: 'anthropic',
  // Anthropic's Messages API documents no cap on the number of tools: OpenAI's is used.
  maxTools: OPENAI_TOOL_LIMIT,
  stream,
  async models(ctx) {
    const models: ModelInfo[] = [];
    for await (const m of createClient(ctx).models.list({ limit: 1000 }, { signal: ctx.signal })) {
      models.push({ id: m.id, ...(m.display_name ? { label: m.display_name } : {}) });
    }
    return models;
  },
  error: anthropicError,
});
