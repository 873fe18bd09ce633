import createClient, {
  isUnexpected,
  type ChatCompletionsToolDefinition,
  type ChatRequestMessage,
  type GetChatCompletionsBodyParam,
  type ModelClient,
} from '@azure-rest/ai-inference';
import type { TokenCredential } from '@azure/core-auth';
import { bearerTokenAuthenticationPolicyName, isRestError, type PipelineRetryOptions } from '@azure/core-rest-pipeline';
import { isNodeLike } from '@azure/core-util';
import type { ChatEvent, ChatMessage, ChatRequest, FinishReason, ToolCall, Usage } from '../core/chat';
import { chatError, ChatFailure, codeForStatus, fail, toChatError, type ChatError, type ChatErrorCode, stoppedError } from '../core/errors';
import type { ModelInfo } from '../core/providers';
import { parseSse } from '../transport/sse';
import type { ByteSource } from '../transport/stream-lines';
import { resolveAzureConfig } from './azure-config';
import { retryBudgetFor, retryingFetch } from '../transport/retry-policy';
import { fetchHttpClient, staticBearerPolicy } from './azure-transport';
import type { ProviderAdapter, ProviderContext } from './types';

export type AzureChatBody = GetChatCompletionsBodyParam['body'];

/** A whole answer, for callers that want one reply rather than a stream. */
export interface AzureCompletion {
  id: string;
  model: string;
  content: string;
  toolCalls: ToolCall[];
  finishReason: FinishReason;
  usage?: Usage;
}

/** The SDK's retries are off: requests retry by the shared policy, in the fetch under the pipeline. */
const RETRY: PipelineRetryOptions = { maxRetries: 0 };

/** A pasted token cannot be refreshed: it is used until the service refuses it. */
function staticToken(token: string): TokenCredential {
  return { getToken: async () => ({ token, expiresOnTimestamp: Date.now() + 3_600_000 }) };
}

function createAzureClient(ctx: ProviderContext): ModelClient {
  const { endpoint, apiVersion, auth } = resolveAzureConfig(ctx.settings, ctx.secrets, ctx.config.settings);
  const client = createClient(endpoint, auth.mode === 'bearer' ? staticToken(auth.token) : { key: auth.key }, {
    apiVersion,
    ...(auth.mode === 'api-key' ? { credentials: { apiKeyHeaderName: auth.header } } : {}),
    httpClient: fetchHttpClient(retryingFetch(ctx.fetch, { budget: retryBudgetFor(ctx.config.id) })),
    retryOptions: RETRY,
  });
  // The SDK also copies a key into Authorization (for GitHub Models); it goes only under the header the user named.
  client.pipeline.removePolicy({ name: 'customKeyCredentialPolicy' });
  if (auth.mode === 'bearer' && new URL(endpoint).protocol === 'http:') {
    // resolveAzureConfig let plain http through for loopback only, which the SDK's https-only token policy would refuse.
    client.pipeline.removePolicy({ name: bearerTokenAuthenticationPolicyName });
    client.pipeline.addPolicy(staticBearerPolicy(auth.token), { phase: 'Sign' });
  }
  return client;
}

function toWireMessage(m: ChatMessage): ChatRequestMessage {
  switch (m.role) {
    case 'system':
    case 'user':
      return { role: m.role, content: m.content };
    case 'tool':
      return { role: 'tool', content: m.content, tool_call_id: m.toolCallId ?? '' };
    case 'assistant':
      if (!m.toolCalls?.length) return { role: 'assistant', content: m.content };
      return {
        role: 'assistant',
        ...(m.content ? { content: m.content } : {}),
        tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })),
      };
  }
}

export function buildAzureBody(request: ChatRequest, stream: boolean): AzureChatBody {
  const p = request.params ?? {};
  const tools: ChatCompletionsToolDefinition[] | undefined = request.tools?.length
    ? request.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }))
    : undefined;
  return {
    model: request.model,
    messages: request.messages.map(toWireMessage),
    stream,
    tools,
    temperature: p.temperature,
    top_p: p.topP,
    max_tokens: p.maxTokens,
    stop: p.stop?.length ? p.stop : undefined,
    frequency_penalty: p.frequencyPenalty,
    presence_penalty: p.presencePenalty,
  };
}

function mapFinish(reason: unknown): FinishReason | undefined {
  if (typeof reason !== 'string') return undefined;
  if (reason === 'stop') return 'stop';
  if (reason === 'length') return 'length';
  if (reason === 'tool_calls' || reason === 'function_call') return 'tool-calls';
  if (reason === 'content_filter') return 'content-filter';
  return 'other';
}

/** Some models behind Azure say `stop` after asking for tools; the caller needs to know tools are waiting. */
function finalReason(reason: FinishReason | undefined, calledTools: boolean): FinishReason {
  if (calledTools && (reason === undefined || reason === 'stop')) return 'tool-calls';
  return reason ?? 'other';
}

function codeForAzure(status: number | undefined, code: string, message: string): ChatErrorCode {
  const c = code.toLowerCase();
  if (c.includes('content_filter') || c === 'contentfilter') return 'content-filtered';
  if (c === 'insufficient_quota' || c === 'quotaexceeded') return 'quota-exceeded';
  if (['deploymentnotfound', 'unknown_model', 'model_not_found', 'modelnotfound'].includes(c)) return 'model-not-found';
  if (status === 404) return /\b(model|deployment)\b/i.test(message) ? 'model-not-found' : 'not-found';
  if (status !== undefined) return codeForStatus(status);
  // An error inside an already-started stream carries no status, only Azure's code.
  if (c === '429' || c.includes('ratelimit') || c.includes('rate_limit') || c === 'toomanyrequests') return 'rate-limited';
  return 'server-error';
}

function asJson(payload: unknown): unknown {
  if (typeof payload !== 'string') return payload;
  try {
    return JSON.parse(payload);
  } catch {
    return undefined;
  }
}

/** Azure's error replies are `{error: {code, message}}`; gateways in front of it often send `{message}` or plain text. */
function azureReplyError(status: number | undefined, payload: unknown, provider?: string): ChatError {
  const body = asJson(payload) as { error?: unknown; message?: unknown } | null | undefined;
  const inner = typeof body?.error === 'object' && body.error !== null ? (body.error as { code?: unknown; message?: unknown }) : undefined;
  const code = typeof inner?.code === 'string' || typeof inner?.code === 'number' ? String(inner.code) : '';
  const candidates = [inner?.message, body?.error, body?.message, payload];
  const found = candidates.find((c): c is string => typeof c === 'string' && c.trim() !== '');
  const message = found?.trim() ?? `Azure answered ${status ?? 'with an error'}`;
  return chatError(codeForAzure(status, code, message), message, {
    provider,
    ...(status !== undefined ? { status } : {}),
    ...(code ? { type: code } : {}),
  });
}

/** Maps whatever the SDK or the fetch under it threw to a ChatError. */
function azureChatError(e: unknown, provider: string, signal: AbortSignal): ChatError {
  if (e instanceof ChatFailure) return toChatError(e, provider);
  if (signal.aborted) return stoppedError(signal, provider);
  if (e instanceof SyntaxError) return chatError('malformed-stream', e.message, { provider });
  if (isRestError(e)) {
    if (e.code === 'PARSE_ERROR') return chatError('malformed-stream', e.message, { provider });
    if (e.statusCode !== undefined) return chatError(codeForStatus(e.statusCode), e.message, { provider, status: e.statusCode });
    return chatError('network', e.message, { provider });
  }
  return toChatError(e, provider);
}

/** The body of an error reply to a streamed request: fetchHttpClient hands it over as a stream too. */
async function readAll(body: unknown): Promise<string> {
  return body instanceof ReadableStream ? new Response(body as ReadableStream<Uint8Array>).text() : '';
}

interface WireToolCallDelta {
  index?: unknown;
  id?: unknown;
  function?: { name?: unknown; arguments?: unknown };
}

interface WireChoice {
  index?: unknown;
  delta?: { content?: unknown; tool_calls?: unknown };
  message?: { content?: unknown; tool_calls?: unknown };
  finish_reason?: unknown;
}

interface WireChunk {
  id?: unknown;
  model?: unknown;
  choices?: unknown;
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } | null;
  error?: unknown;
}

function asObject<T>(value: unknown, what: string): T {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail('malformed-stream', `${what} is not a JSON object.`);
  return value as T;
}

function choicesOf(chunk: WireChunk): WireChoice[] {
  if (chunk.choices === undefined || chunk.choices === null) return [];
  if (!Array.isArray(chunk.choices)) fail('malformed-stream', 'Azure sent choices that are not a list.');
  return (chunk.choices as unknown[]).map((c) => asObject<WireChoice>(c, 'A choice'));
}

function firstChoice(chunk: WireChunk): WireChoice | undefined {
  return choicesOf(chunk).find((c) => (c.index ?? 0) === 0);
}

function usageOf(chunk: WireChunk): Usage | undefined {
  const u = chunk.usage;
  if (!u) return undefined;
  const count = (v: unknown) => (typeof v === 'number' ? v : undefined);
  return { inputTokens: count(u.prompt_tokens), outputTokens: count(u.completion_tokens) };
}

interface PartialCall {
  id: string;
  name: string;
  arguments: string;
}

/** Streamed tool calls arrive as fragments keyed by index: the first names the call, the rest extend its arguments. */
function collectToolCall(calls: Map<number, PartialCall>, raw: unknown): void {
  const delta = asObject<WireToolCallDelta>(raw, 'A tool call');
  const index = typeof delta.index === 'number' ? delta.index : calls.size;
  const call = calls.get(index) ?? { id: '', name: '', arguments: '' };
  if (typeof delta.id === 'string' && delta.id) call.id = delta.id;
  if (typeof delta.function?.name === 'string' && delta.function.name) call.name = delta.function.name;
  if (typeof delta.function?.arguments === 'string') call.arguments += delta.function.arguments;
  calls.set(index, call);
}

function finishedCalls(calls: Map<number, PartialCall>): ToolCall[] {
  return [...calls.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, c]) => ({ id: c.id || `call_${index}`, name: c.name, arguments: c.arguments || '{}' }));
}

function toolCallList(raw: unknown): unknown[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) fail('malformed-stream', 'Azure sent tool calls that are not a list.');
  return raw as unknown[];
}

/** An SSE frame: a chunk of the answer, or an error the service reports after the stream began. */
function parseFrame(data: string, provider: string): WireChunk {
  const chunk = asObject<WireChunk>(JSON.parse(data), 'A frame of the Azure stream');
  if (chunk.error !== undefined && chunk.error !== null) throw new ChatFailure(azureReplyError(undefined, chunk, provider));
  return chunk;
}

async function* readStream(body: ByteSource, provider: string): AsyncGenerator<ChatEvent> {
  const calls = new Map<number, PartialCall>();
  let finish: FinishReason | undefined;
  let usage: Usage | undefined;
  let done = false;

  for await (const event of parseSse(body)) {
    // Read on to the end rather than stop here, so the connection closes cleanly.
    if (done) continue;
    if (event.data.trim() === '[DONE]') {
      done = true;
      continue;
    }
    const chunk = parseFrame(event.data, provider);
    usage = usageOf(chunk) ?? usage;
    const choice = firstChoice(chunk);
    if (!choice) continue;
    const delta = choice.delta === undefined ? {} : asObject<NonNullable<WireChoice['delta']>>(choice.delta, 'A delta');
    if (typeof delta.content === 'string' && delta.content) yield { type: 'text-delta', text: delta.content };
    for (const part of toolCallList(delta.tool_calls)) collectToolCall(calls, part);
    finish = mapFinish(choice.finish_reason) ?? finish;
  }
  // Neither a finish reason nor [DONE]: the stream was cut off, and the caller is left to say so.
  if (!done && finish === undefined) return;
  for (const call of finishedCalls(calls)) yield { type: 'tool-call', call };
  if (usage) yield { type: 'usage', usage };
  yield { type: 'finish', reason: finalReason(finish, calls.size > 0) };
}

async function* streamChat(ctx: ProviderContext, request: ChatRequest): AsyncGenerator<ChatEvent> {
  const provider = ctx.config.id;
  try {
    const client = createAzureClient(ctx);
    const call = client.path('/chat/completions').post({ body: buildAzureBody(request, true), abortSignal: ctx.signal });
    // The SDK hands out the body stream through the call named for the runtime it was built for.
    const response = await (isNodeLike ? call.asNodeStream() : call.asBrowserStream());
    const status = Number(response.status);
    if (status !== 200) throw new ChatFailure(azureReplyError(status, await readAll(response.body), provider));
    if (!(response.body instanceof ReadableStream)) fail('malformed-stream', 'Azure answered without a body.');
    yield* readStream(response.body as ReadableStream<Uint8Array>, provider);
  } catch (e) {
    yield { type: 'error', error: azureChatError(e, provider, ctx.signal) };
  }
}

function completionFrom(payload: unknown): AzureCompletion {
  const body = asObject<WireChunk>(payload, 'The Azure reply');
  const choice = firstChoice(body);
  if (!choice) fail('malformed-stream', 'The Azure reply has no choices.');
  const message = asObject<NonNullable<WireChoice['message']>>(choice.message, 'The Azure message');
  const toolCalls = toolCallList(message.tool_calls).map((raw, index): ToolCall => {
    const call = asObject<WireToolCallDelta>(raw, 'A tool call');
    const name = call.function?.name;
    if (typeof name !== 'string') fail('malformed-stream', 'An Azure tool call has no function name.');
    const args = call.function?.arguments;
    return {
      id: typeof call.id === 'string' && call.id ? call.id : `call_${index}`,
      name,
      arguments: typeof args === 'string' && args ? args : '{}',
    };
  });
  const usage = usageOf(body);
  return {
    id: typeof body.id === 'string' ? body.id : '',
    model: typeof body.model === 'string' ? body.model : '',
    content: typeof message.content === 'string' ? message.content : '',
    toolCalls,
    finishReason: finalReason(mapFinish(choice.finish_reason), toolCalls.length > 0),
    ...(usage ? { usage } : {}),
  };
}

/** One chat completion without streaming; throws a ChatFailure. */
export async function complete(ctx: ProviderContext, request: ChatRequest): Promise<AzureCompletion> {
  const provider = ctx.config.id;
  try {
    const client = createAzureClient(ctx);
    const response = await client.path('/chat/completions').post({ body: buildAzureBody(request, false), abortSignal: ctx.signal });
    if (isUnexpected(response)) throw new ChatFailure(azureReplyError(Number(response.status), response.body, provider));
    return completionFrom(response.body);
  } catch (e) {
    throw new ChatFailure(azureChatError(e, provider, ctx.signal));
  }
}

/** Statuses with which an endpoint says it cannot describe its model (Azure OpenAI, multi-model endpoints). */
const NO_MODEL_INFO = new Set([400, 404, 405]);

/**
 * Serverless and managed endpoints serve one model and name it at GET /info.
 * Others have no /info: then the list is empty and the models the user typed
 * (Azure OpenAI deployment names, for instance) are offered instead.
 */
async function listModels(ctx: ProviderContext): Promise<ModelInfo[]> {
  const provider = ctx.config.id;
  try {
    const client = createAzureClient(ctx);
    const response = await client.path('/info').get({ abortSignal: ctx.signal });
    const status = Number(response.status);
    if (NO_MODEL_INFO.has(status)) return [];
    if (isUnexpected(response)) throw new ChatFailure(azureReplyError(status, response.body, provider));
    const name = asObject<{ model_name?: unknown }>(response.body, 'The Azure model info').model_name;
    if (typeof name !== 'string' || !name) fail('malformed-stream', 'The Azure model info names no model.');
    return [{ id: name }];
  } catch (e) {
    throw new ChatFailure(azureChatError(e, provider, ctx.signal));
  }
}

/**
 * Azure AI model inference: serverless and managed endpoints, Azure AI
 * Foundry's /models endpoint and Azure OpenAI deployments, through the
 * official REST client with its HTTP routed over ctx.fetch.
 */
export const azureInferenceAdapter: ProviderAdapter = {
  kind: 'azure-inference',
  listModels,
  chat: streamChat,
  validateConfig(settings, secrets, typed) {
    resolveAzureConfig(settings, secrets, typed);
  },
};
