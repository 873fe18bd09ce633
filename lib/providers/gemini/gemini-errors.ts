import { ApiError } from '@google/genai';
import { chatError, codeForStatus, type ChatError, type ChatErrorCode } from '../../core/errors';

/** Google's error body, `{ error: { code, message, status, details } }`. */
interface GoogleError {
  code?: number;
  message?: string;
  /** The canonical code name, e.g. RESOURCE_EXHAUSTED. */
  status?: string;
  details?: { '@type'?: string; reason?: string; violations?: { quotaId?: string; quotaValue?: string }[]; retryDelay?: string }[];
}

/**
 * The SDK's ApiError carries the whole error body as JSON text in `message`
 * (after a "got status: …" prefix when the error arrived inside a stream).
 */
function googleErrorOf(e: ApiError): GoogleError {
  const start = e.message.indexOf('{');
  if (start !== -1) {
    try {
      const body = JSON.parse(e.message.slice(start)) as { error?: GoogleError };
      if (body.error && typeof body.error === 'object') return body.error;
    } catch {
      // Not JSON after all: keep the text.
    }
  }
  return { message: e.message };
}

function detail(err: GoogleError, type: string) {
  return err.details?.find((d) => d['@type']?.endsWith(type));
}

/**
 * A 429 is a rate limit when a per-minute (or per-second) quota ran out, which
 * waiting fixes, and a used-up quota when a daily quota did, or the quota is
 * zero because the plan has no access to the model, which waiting does not.
 */
function quotaCode(err: GoogleError): ChatErrorCode {
  const violations = detail(err, 'QuotaFailure')?.violations ?? [];
  if (violations.some((v) => /PerDay/i.test(v.quotaId ?? '') || v.quotaValue === '0')) return 'quota-exceeded';
  return 'rate-limited';
}

function codeFor(status: number, err: GoogleError): ChatErrorCode {
  if (detail(err, 'ErrorInfo')?.reason === 'API_KEY_INVALID' || /API key not valid/i.test(err.message ?? '')) return 'unauthorized';
  if (status === 429 || err.status === 'RESOURCE_EXHAUSTED') return quotaCode(err);
  if (status === 404 && /\bmodels\//.test(err.message ?? '')) return 'model-not-found';
  // Gemini's "user location is not supported" and "enable billing first" refusals.
  if (err.status === 'FAILED_PRECONDITION') return 'forbidden';
  if (status === 504 || err.status === 'DEADLINE_EXCEEDED') return 'timeout';
  return codeForStatus(status);
}

function quotaNote(err: GoogleError): string {
  const quotaId = detail(err, 'QuotaFailure')?.violations?.[0]?.quotaId;
  const retry = detail(err, 'RetryInfo')?.retryDelay;
  return [quotaId && `quota ${quotaId}`, retry && `retry in ${retry}`].filter(Boolean).join(', ');
}

function apiChatError(e: ApiError, provider: string): ChatError {
  const err = googleErrorOf(e);
  const status = e.status || err.code || 0;
  const code = codeFor(status, err);
  const note = code === 'rate-limited' || code === 'quota-exceeded' ? quotaNote(err) : '';
  const message = `${err.message ?? e.message}${note ? ` (${note})` : ''}`;
  return chatError(code, message, { provider, ...(status ? { status } : {}), ...(err.status ? { type: err.status } : {}) });
}

/** The SDK's own errors; the shell has already dealt with policy refusals and stops. */
export function geminiError(e: unknown, provider: string): ChatError | undefined {
  if (e instanceof ApiError) return apiChatError(e, provider);
  // The SDK's words for a body that ended inside an event.
  if (e instanceof Error && /Incomplete JSON segment/i.test(e.message)) return chatError('network', e.message, { provider });
  return undefined;
}
