/**
 * The one way an `openai` SDK client is built and its errors read, for every
 * call to an OpenAI-style API: chat and model listing (lib/providers/openai)
 * as much as speech and transcription (lib/speech). Same key and header
 * handling, same URL checks, same retries, same error codes.
 */
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { chatError, codeForStatus, type ChatError, type ChatErrorCode } from '../core/errors';
import { retryBudgetFor, retryingFetch } from './retry-policy';
import type { FetchLike } from './secure-fetch';
import { connectionError } from './sdk-errors';
import { assertCredentialUrl, parseHttpUrl, trimBaseUrl } from './url-policy';

export interface OpenAIClientOptions {
  baseUrl: string;
  /** Undefined for a local server that takes none: then no Authorization header is sent at all. */
  apiKey?: string;
  organization?: string;
  /** Extra headers the user configured; they usually carry credentials too. */
  headers?: Record<string, string>;
  fetch: FetchLike;
  /** Whose retry budget the calls spend: the provider's id, so its chat and its speech share one. */
  budgetOwner: string;
}

export function createOpenAIClient({ baseUrl, apiKey, organization, headers = {}, fetch, budgetOwner }: OpenAIClientOptions): OpenAI {
  const credentialed = apiKey !== undefined || Object.keys(headers).length > 0;
  if (credentialed) assertCredentialUrl(baseUrl);
  else parseHttpUrl(baseUrl);
  // Retries follow the shared policy (retry-policy), not the SDK's own.
  const policed = retryingFetch(fetch, { budget: retryBudgetFor(budgetOwner) });
  return new OpenAI({
    // The SDK insists on a key; without one the Authorization header is
    // removed below, so this placeholder never leaves the client.
    apiKey: apiKey ?? 'no-key',
    baseURL: trimBaseUrl(baseUrl),
    organization: organization?.trim() || null,
    project: null,
    defaultHeaders: { ...(apiKey === undefined ? { Authorization: null } : {}), ...headers },
    // With its Response at hand the SDK does not probe FormData support (for uploads) by fetching `data:,`.
    fetch: Object.assign(policed, { Response }),
    dangerouslyAllowBrowser: true,
    maxRetries: 0,
    timeout: 600_000,
    // Every failure reaches the user as an error; the SDK's own console output would only duplicate it.
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

/** The service's own words; the SDK puts the status in front of them, which the error carries apart. */
function serviceWords(e: APIError): string {
  const said = (e.error as { message?: unknown } | undefined)?.message;
  return typeof said === 'string' && said ? said : e.message;
}

/** The SDK's own errors as ChatErrors; undefined for anything else (serviceError in lib/core/errors handles the rest). */
export function openAIError(e: unknown, provider: string): ChatError | undefined {
  const connection = connectionError(e, provider, { timeout: APIConnectionTimeoutError, connection: APIConnectionError });
  if (connection) return connection;
  if (e instanceof APIError) {
    const type = typeof e.code === 'string' ? e.code : e.type;
    return chatError(codeForApiError(e), serviceWords(e), { provider, status: e.status, ...(type ? { type } : {}) });
  }
  return undefined;
}
