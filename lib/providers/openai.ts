import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { chatError, codeForStatus, fail, type ChatError, type ChatErrorCode } from '../core/errors';
import { OPENAI_PRESETS, presetFor, type OpenAIPreset } from '../core/provider-presets';
import type { ModelInfo, ProviderKind } from '../core/providers';
import { parseExtraHeaders } from '../transport/extra-headers';
import { watchSseDone } from '../transport/sse-done';
import { assertCredentialUrl, parseHttpUrl, requireCredential, trimBaseUrl } from '../transport/url-policy';
import { connectionError, defineAdapter, policyFetch } from './define-adapter';
import { chatCompletionsBody, completionEvents } from './openai-wire';
import type { ProviderAdapter, ProviderContext } from './types';

/** OpenAI, the generic compatible server and every named preset. */
export type OpenAICompatibleKind = (typeof OPENAI_PRESETS)[number]['kind'];

function createClient(preset: OpenAIPreset, ctx: ProviderContext): OpenAI {
  const apiKey = preset.keyRequired ? requireCredential(ctx.secrets.apiKey) : ctx.secrets.apiKey?.trim() || undefined;
  const extraHeaders = parseExtraHeaders(ctx.secrets.extraHeaders);
  const rawBase = ctx.settings.baseUrl?.trim() || preset.baseUrl;
  // Extra headers live in the vault because they usually carry credentials too.
  const credentialed = apiKey !== undefined || Object.keys(extraHeaders).length > 0;
  if (credentialed) assertCredentialUrl(rawBase);
  else parseHttpUrl(rawBase);

  return new OpenAI({
    // The SDK insists on a key; without one the Authorization header is
    // removed below, so this placeholder never leaves the client.
    apiKey: apiKey ?? 'no-key',
    baseURL: trimBaseUrl(rawBase),
    organization: ctx.settings.organization?.trim() || null,
    project: null,
    defaultHeaders: { ...(apiKey === undefined ? { Authorization: null } : {}), ...extraHeaders },
    // Retries follow the shared policy (retry-policy), not the SDK's own.
    fetch: policyFetch(ctx),
    dangerouslyAllowBrowser: true,
    maxRetries: 0,
    timeout: 600_000,
    // Every failure reaches the user as an error event; the SDK's own console output would only duplicate it.
    logLevel: 'off',
  });
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

/** The SDK's own errors; the shell has already dealt with policy refusals and stops. */
function openAIError(e: unknown, provider: string): ChatError | undefined {
  const connection = connectionError(e, provider, { timeout: APIConnectionTimeoutError, connection: APIConnectionError });
  if (connection || !(e instanceof APIError)) return connection;
  const type = typeof e.code === 'string' ? e.code : e.type;
  return chatError(codeForApiError(e), e.message, { provider, status: e.status, ...(type ? { type } : {}) });
}

/**
 * OpenAI itself and every server that speaks its chat completions API,
 * retrying by the shared policy (lib/transport/retry-policy).
 */
export function createOpenAICompatibleAdapter(kind: OpenAICompatibleKind): ProviderAdapter {
  const preset = presetFor(kind);
  if (!preset) fail('unsupported', `No OpenAI preset ${kind}`);
  return defineAdapter({
    kind: kind as ProviderKind,
    async *stream(ctx, request) {
      let sawDone = false;
      const client = createClient(preset, { ...ctx, fetch: watchSseDone(ctx.fetch, () => (sawDone = true)) });
      const quirks = { maxTokens: preset.maxTokensField, streamUsage: true, emptyToolTurn: 'null' } as const;
      const body = chatCompletionsBody(request, quirks) as OpenAI.ChatCompletionCreateParamsStreaming;
      yield* completionEvents(await client.chat.completions.create(body, { signal: ctx.signal }), () => sawDone);
    },
    async models(ctx) {
      if (!preset.modelsPath) return [];
      const client = createClient(preset, ctx);
      const models: ModelInfo[] = [];
      for await (const model of client.models.list({ signal: ctx.signal })) models.push({ id: model.id });
      return models;
    },
    error: openAIError,
  });
}
