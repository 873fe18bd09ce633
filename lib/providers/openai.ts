import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type {
  ChatCompletionChunk,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type { ChatEvent, ChatMessage, ChatRequest, FinishReason, ToolCall, ToolDefinition, Usage } from '../core/chat';
import {
  chatError,
  ChatFailure,
  codeForStatus,
  isAbortError,
  toChatError,
  type ChatError,
  type ChatErrorCode,
  findChatFailure,
  stoppedError,
} from '../core/errors';
import type { ModelInfo } from '../core/providers';
import { parseExtraHeaders } from '../transport/extra-headers';
import { retryBudgetFor, retryingFetch } from '../transport/retry-policy';
import { watchSseDone } from '../transport/sse-done';
import { assertCredentialUrl, parseHttpUrl, requireCredential } from '../transport/url-policy';
import type { ProviderAdapter, ProviderContext } from './types';

export type OpenAICompatibleKind = 'openai' | 'openai-compatible';

function createClient(kind: OpenAICompatibleKind, ctx: ProviderContext): OpenAI {
  const apiKey = kind === 'openai' ? requireCredential(ctx.secrets.apiKey) : ctx.secrets.apiKey?.trim() || undefined;
  const extraHeaders = parseExtraHeaders(ctx.secrets.extraHeaders);
  const rawBase = ctx.settings.baseUrl?.trim() ?? '';
  // Extra headers live in the vault because they usually carry credentials too.
  const credentialed = apiKey !== undefined || Object.keys(extraHeaders).length > 0;
  if (credentialed) assertCredentialUrl(rawBase);
  else parseHttpUrl(rawBase);

  return new OpenAI({
    // The SDK insists on a key; without one the Authorization header is
    // removed below, so this placeholder never leaves the client.
    apiKey: apiKey ?? 'no-key',
    baseURL: rawBase.replace(/\/+$/, ''),
    organization: ctx.settings.organization?.trim() || null,
    project: null,
    defaultHeaders: { ...(apiKey === undefined ? { Authorization: null } : {}), ...extraHeaders },
    // Retries follow the shared policy (retry-policy), not the SDK's own.
    fetch: retryingFetch(ctx.fetch, { budget: retryBudgetFor(ctx.config.id) }),
    dangerouslyAllowBrowser: true,
    maxRetries: 0,
    timeout: 600_000,
    // Every failure reaches the user as an error event; the SDK's own console output would only duplicate it.
    logLevel: 'off',
  });
}

function toWireMessage(m: ChatMessage): ChatCompletionMessageParam {
  switch (m.role) {
    case 'system':
      return { role: 'system', content: m.content };
    case 'user':
      return { role: 'user', content: m.content };
    case 'tool':
      return { role: 'tool', content: m.content, tool_call_id: m.toolCallId ?? '' };
    case 'assistant': {
      const calls = m.toolCalls ?? [];
      if (calls.length === 0) return { role: 'assistant', content: m.content };
      return {
        role: 'assistant',
        content: m.content || null,
        tool_calls: calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })),
      };
    }
  }
}

function toWireTool(t: ToolDefinition): ChatCompletionTool {
  return { type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } };
}

function buildChatBody(kind: OpenAICompatibleKind, request: ChatRequest): ChatCompletionCreateParamsStreaming {
  const p = request.params ?? {};
  return {
    model: request.model,
    messages: request.messages.map(toWireMessage),
    stream: true,
    stream_options: { include_usage: true },
    tools: request.tools?.length ? request.tools.map(toWireTool) : undefined,
    temperature: p.temperature,
    top_p: p.topP,
    // OpenAI's newer models refuse max_tokens; servers that copy the API mostly know only max_tokens.
    ...(kind === 'openai' ? { max_completion_tokens: p.maxTokens } : { max_tokens: p.maxTokens }),
    stop: p.stop?.length ? p.stop : undefined,
    frequency_penalty: p.frequencyPenalty,
    presence_penalty: p.presencePenalty,
  };
}

function mapFinish(reason: string): FinishReason {
  if (reason === 'stop') return 'stop';
  if (reason === 'length') return 'length';
  if (reason === 'tool_calls' || reason === 'function_call') return 'tool-calls';
  if (reason === 'content_filter') return 'content-filter';
  return 'other';
}

function codeForApiError(e: APIError): ChatErrorCode {
  const code = typeof e.code === 'string' ? e.code : undefined;
  if (code === 'insufficient_quota' || e.type === 'insufficient_quota') return 'quota-exceeded';
  if (code === 'model_not_found' || (e.status === 404 && /model/i.test(e.message))) return 'model-not-found';
  if (e.status !== undefined) return codeForStatus(e.status);
  // No status: the server reported the failure inside an already-started stream.
  if (code === 'rate_limit_exceeded') return 'rate-limited';
  if (code === 'invalid_api_key') return 'unauthorized';
  return 'server-error';
}

/** Maps whatever the SDK (or the fetch under it) threw to a ChatError. */
function openAIChatError(e: unknown, provider?: string, signal?: AbortSignal): ChatError {
  // A transport policy refusal (insecure URL, redirect) arrives wrapped as a connection error.
  const policy = findChatFailure(e);
  if (policy) return toChatError(policy, provider);
  if (signal?.aborted) return stoppedError(signal, provider);
  if (e instanceof APIUserAbortError || isAbortError(e)) return chatError('aborted', 'The request was stopped.', { provider });
  if (e instanceof APIConnectionTimeoutError) return chatError('timeout', e.message, { provider });
  if (e instanceof APIConnectionError) {
    const cause = e.cause instanceof Error ? `: ${e.cause.message}` : '';
    return chatError('network', `${e.message}${cause}`, { provider });
  }
  if (e instanceof APIError) {
    const type = typeof e.code === 'string' ? e.code : e.type;
    return chatError(codeForApiError(e), e.message, { provider, status: e.status, ...(type ? { type } : {}) });
  }
  if (e instanceof SyntaxError) return chatError('malformed-stream', e.message, { provider });
  return toChatError(e, provider);
}

interface PartialCall {
  id: string;
  name: string;
  arguments: string;
}

/**
 * Streamed tool calls arrive as fragments keyed by index: the first names the
 * call, the rest extend its arguments. Some compatible servers repeat the name
 * in every fragment, or send whole calls with no index at all.
 */
function collectToolCall(calls: Map<number, PartialCall>, delta: ChatCompletionChunk.Choice.Delta.ToolCall): void {
  const index = typeof delta.index === 'number' ? delta.index : calls.size;
  const call = calls.get(index) ?? { id: '', name: '', arguments: '' };
  if (delta.id) call.id = delta.id;
  if (delta.function?.name) call.name = delta.function.name;
  if (delta.function?.arguments) call.arguments += delta.function.arguments;
  calls.set(index, call);
}

function finishedCalls(calls: Map<number, PartialCall>): ToolCall[] {
  return [...calls.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, c]) => ({ id: c.id || `call_${index}`, name: c.name, arguments: c.arguments || '{}' }));
}

async function* streamChat(kind: OpenAICompatibleKind, ctx: ProviderContext, request: ChatRequest): AsyncGenerator<ChatEvent> {
  const provider = ctx.config.id;
  try {
    let sawDone = false;
    const client = createClient(kind, { ...ctx, fetch: watchSseDone(ctx.fetch, () => (sawDone = true)) });
    const stream = await client.chat.completions.create(buildChatBody(kind, request), { signal: ctx.signal });
    const calls = new Map<number, PartialCall>();
    let finish: FinishReason | undefined;
    let usage: Usage | undefined;

    for await (const chunk of stream) {
      if (chunk.usage) usage = { inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
      for (const choice of chunk.choices) {
        if (choice.index !== 0) continue;
        if (choice.delta?.content) yield { type: 'text-delta', text: choice.delta.content };
        for (const part of choice.delta?.tool_calls ?? []) collectToolCall(calls, part);
        if (choice.finish_reason) finish = mapFinish(choice.finish_reason);
      }
    }
    // The SDK ends its iteration quietly when the request is aborted.
    if (ctx.signal.aborted) {
      yield { type: 'error', error: stoppedError(ctx.signal, provider) };
      return;
    }
    // Neither a finish reason nor [DONE]: the stream was cut off, and the caller is left to say so.
    if (finish === undefined && !sawDone) return;
    for (const call of finishedCalls(calls)) yield { type: 'tool-call', call };
    if (usage) yield { type: 'usage', usage };
    yield { type: 'finish', reason: finish ?? (calls.size > 0 ? 'tool-calls' : 'other') };
  } catch (e) {
    yield { type: 'error', error: openAIChatError(e, provider, ctx.signal) };
  }
}

/**
 * OpenAI itself and every server that speaks its chat completions API,
 * retrying by the shared policy (lib/transport/retry-policy).
 */
export function createOpenAICompatibleAdapter(kind: OpenAICompatibleKind): ProviderAdapter {
  return {
    kind,
    async listModels(ctx: ProviderContext): Promise<ModelInfo[]> {
      try {
        const client = createClient(kind, ctx);
        const models: ModelInfo[] = [];
        for await (const model of client.models.list({ signal: ctx.signal })) models.push({ id: model.id });
        return models.sort((a, b) => a.id.localeCompare(b.id));
      } catch (e) {
        throw new ChatFailure(openAIChatError(e, ctx.config.id, ctx.signal));
      }
    },
    chat: (ctx, request) => streamChat(kind, ctx, request),
  };
}
