import createClient, { isUnexpected, type ModelClient } from '@azure-rest/ai-inference';
import type { TokenCredential } from '@azure/core-auth';
import { bearerTokenAuthenticationPolicyName, isRestError, type PipelineRetryOptions } from '@azure/core-rest-pipeline';
import { isNodeLike } from '@azure/core-util';
import { chatError, ChatFailure, codeForStatus, fail, type ChatError, type ChatErrorCode } from '../../core/errors';
import type { ChatRequest } from '../../core/chat';
import type { ModelInfo } from '../../core/providers';
import { parseSse } from '../../transport/sse';
import type { ByteSource } from '../../transport/stream-lines';
import { resolveAzureConfig } from './azure-config';
import { fetchHttpClient, staticBearerPolicy } from './azure-transport';
import { defineAdapter, OPENAI_TOOL_LIMIT, policyFetch, type WireEvent } from '../define-adapter';
import { chatCompletionsBody, completionEvents, type WireQuirks } from '../openai-wire';
import type { ProviderContext } from '../types';

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
    httpClient: fetchHttpClient(policyFetch(ctx)),
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

/** Azure's quirks on the shared wire: max_tokens, no stream_options, and no content beside tool calls. */
const AZURE_QUIRKS: WireQuirks = { maxTokens: 'max_tokens', streamUsage: false, emptyToolTurn: 'omit' };

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

/** The REST pipeline's own errors; the shell has already dealt with policy refusals and stops. */
function azureError(e: unknown, provider: string): ChatError | undefined {
  if (!isRestError(e)) return undefined;
  if (e.code === 'PARSE_ERROR') return chatError('malformed-stream', e.message, { provider });
  if (e.statusCode !== undefined) return chatError(codeForStatus(e.statusCode), e.message, { provider, status: e.statusCode });
  return chatError('network', e.message, { provider });
}

/** The body of an error reply to a streamed request: fetchHttpClient hands it over as a stream too. */
async function readAll(body: unknown): Promise<string> {
  return body instanceof ReadableStream ? new Response(body as ReadableStream<Uint8Array>).text() : '';
}

/**
 * The stream's chunks: each SSE frame is one, or an error the service reports
 * after the stream began. It is read on past [DONE], so the connection closes cleanly.
 */
async function* frames(body: ByteSource, provider: string, onDone: () => void): AsyncGenerator<unknown> {
  let done = false;
  for await (const event of parseSse(body)) {
    if (done) continue;
    if (event.data.trim() === '[DONE]') {
      done = true;
      onDone();
      continue;
    }
    const chunk = JSON.parse(event.data) as { error?: unknown } | null;
    if (chunk?.error !== undefined && chunk.error !== null) throw new ChatFailure(azureReplyError(undefined, chunk, provider));
    yield chunk;
  }
}

async function* stream(ctx: ProviderContext, request: ChatRequest): AsyncGenerator<WireEvent> {
  const client = createAzureClient(ctx);
  const call = client.path('/chat/completions').post({ body: chatCompletionsBody(request, AZURE_QUIRKS), abortSignal: ctx.signal });
  // The SDK hands out the body stream through the call named for the runtime it was built for.
  const response = await (isNodeLike ? call.asNodeStream() : call.asBrowserStream());
  const status = Number(response.status);
  if (status !== 200) throw new ChatFailure(azureReplyError(status, await readAll(response.body), ctx.config.id));
  if (!(response.body instanceof ReadableStream)) fail('malformed-stream', 'Azure answered without a body.');
  let sawDone = false;
  yield* completionEvents(
    frames(response.body as ReadableStream<Uint8Array>, ctx.config.id, () => (sawDone = true)),
    () => sawDone,
  );
}

/** Statuses with which an endpoint says it cannot describe its model (Azure OpenAI, multi-model endpoints). */
const NO_MODEL_INFO = new Set([400, 404, 405]);

/**
 * Serverless and managed endpoints serve one model and name it at GET /info.
 * Others have no /info: then the list is empty and the models the user typed
 * (Azure OpenAI deployment names, for instance) are offered instead.
 */
async function models(ctx: ProviderContext): Promise<ModelInfo[]> {
  const response = await createAzureClient(ctx).path('/info').get({ abortSignal: ctx.signal });
  const status = Number(response.status);
  if (NO_MODEL_INFO.has(status)) return [];
  if (isUnexpected(response)) throw new ChatFailure(azureReplyError(status, response.body, ctx.config.id));
  const body = response.body as { model_name?: unknown } | null;
  const name = typeof body === 'object' ? body?.model_name : undefined;
  if (typeof name !== 'string' || !name) fail('malformed-stream', 'The Azure model info names no model.');
  return [{ id: name }];
}

/**
 * Azure AI model inference: serverless and managed endpoints, Azure AI
 * Foundry's /models endpoint and Azure OpenAI deployments, through the
 * official REST client with its HTTP routed over ctx.fetch.
 */
export const azureInferenceAdapter = defineAdapter({
  kind: 'azure-inference',
  // Azure AI model inference documents no cap of its own; its Azure OpenAI deployments keep OpenAI's 128.
  maxTools: OPENAI_TOOL_LIMIT,
  stream,
  models,
  error: azureError,
  validateConfig(settings, secrets, typed) {
    resolveAzureConfig(settings, secrets, typed);
  },
});
