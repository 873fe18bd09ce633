/**
 * The one retry policy every provider follows (the product spec's standard
 * mode): 3 attempts in all, full-jitter exponential backoff from 100 ms (500 ms
 * when throttled) capped at 20 s, and a budget per provider so an outage does
 * not multiply load. A server's retry-after-ms or Retry-After (seconds or an
 * HTTP date) is honoured up to the cap; asked to wait longer, the request
 * fails at once, saying until when.
 *
 * Provider families share it whole, so a family's chat, model listing, speech
 * and transcription give up alike: OpenAI (openai, compatible servers, every
 * preset, and OpenAI speech and transcription, all through
 * transport/openai-client), Azure (AI Inference and Azure Speech), Anthropic,
 * Gemini, Ollama, and Bedrock (as its SDK's retry strategy, bedrock-retry).
 * The spec gives one set of numbers for all, so there is one policy, not one
 * copy per family. What is per provider is the budget: speech that borrows a
 * chat provider's key spends that provider's, speech with its own key one of
 * its own (see retryBudgetFor).
 */
import { chatError, ChatFailure, codeForStatus, isAbortError } from '../core/errors';
import type { FetchLike } from './secure-fetch';

export const RETRY_POLICY = {
  maxAttempts: 3,
  baseDelayMs: 100,
  throttlingBaseDelayMs: 500,
  maxDelayMs: 20_000,
  budget: 500,
  retryCost: 5,
  transientRetryCost: 10,
  /** What a success without retries returns to the budget. */
  successRefund: 1,
} as const;

/** Throttling (429) and transient failures (timeouts, network, 500/502/503/504) are retried; nothing else is. */
export type FailureKind = 'throttling' | 'transient';

const TRANSIENT_STATUSES = new Set([408, 500, 502, 503, 504]);

function failureKindOfStatus(status: number): FailureKind | undefined {
  if (status === 429) return 'throttling';
  return TRANSIENT_STATUSES.has(status) ? 'transient' : undefined;
}

/** How long the server asked to wait, from retry-after-ms or Retry-After (seconds or an HTTP date); undefined when it did not say. */
export function askedWaitMs(headers: { get(name: string): string | null | undefined }, now = Date.now()): number | undefined {
  const ms = Number(headers.get('retry-after-ms') ?? headers.get('x-ms-retry-after-ms') ?? NaN);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Full-jitter exponential backoff for the given retry (0 for the first), never above the cap. */
export function backoffMs(kind: FailureKind, retry: number, random: () => number = Math.random): number {
  const base = kind === 'throttling' ? RETRY_POLICY.throttlingBaseDelayMs : RETRY_POLICY.baseDelayMs;
  return Math.floor(random() * Math.min(base * 2 ** retry, RETRY_POLICY.maxDelayMs));
}

/** The tokens retries spend; successes pay them back. */
export class RetryBudget {
  private capacity: number = RETRY_POLICY.budget;

  /** Takes the cost of one retry, or returns undefined when the budget cannot pay for it. */
  take(kind: FailureKind): number | undefined {
    const cost = kind === 'transient' ? RETRY_POLICY.transientRetryCost : RETRY_POLICY.retryCost;
    if (this.capacity < cost) return undefined;
    this.capacity -= cost;
    return cost;
  }

  /** A success returns what its last retry cost, or the small refund of a success without retries. */
  refund(cost: number = RETRY_POLICY.successRefund): void {
    this.capacity = Math.min(RETRY_POLICY.budget, this.capacity + cost);
  }

  remaining(): number {
    return this.capacity;
  }
}

const budgets = new Map<string, RetryBudget>();

/** One budget per provider, shared by all its requests for the life of the worker. */
export function retryBudgetFor(providerId: string): RetryBudget {
  let budget = budgets.get(providerId);
  if (!budget) budgets.set(providerId, (budget = new RetryBudget()));
  return budget;
}

/** Refuses at once a wait longer than the cap, saying until when. */
function refuseLongWait(status: number, waitMs: number, now = Date.now()): never {
  const seconds = Math.ceil(waitMs / 1000);
  throw new ChatFailure(
    chatError(status === 429 ? 'rate-limited' : codeForStatus(status), `The provider asked to wait ${seconds} s before trying again.`, {
      status,
      retryAt: now + waitMs,
    }),
  );
}

function sleep(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * A fetch that fails at once, saying until when, a throttled or unavailable
 * reply whose server asks for a longer wait than the policy's cap, instead of
 * handing it to a retry that would wait (or give up without saying why).
 */
export function refuseLongWaits(fetch: FetchLike, now: () => number = Date.now): FetchLike {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!failureKindOfStatus(response.status)) return response;
    const asked = askedWaitMs(response.headers, now());
    if (asked !== undefined && asked > RETRY_POLICY.maxDelayMs) {
      await response.body?.cancel().catch(() => undefined);
      refuseLongWait(response.status, asked, now());
    }
    return response;
  };
}

export interface RetryOptions {
  budget: RetryBudget;
  random?: () => number;
  now?: () => number;
}

/**
 * A fetch that retries by the policy. Only the request is retried, before any
 * of its reply was read, so a half-delivered answer is never replayed. A
 * stream body cannot be sent twice, so such a request is tried once.
 */
export function retryingFetch(fetch: FetchLike, { budget, random = Math.random, now = Date.now }: RetryOptions): FetchLike {
  return async (input, init) => {
    const replayable = !(init?.body instanceof ReadableStream);
    let lastCost: number | undefined;
    for (let attempt = 1; ; attempt++) {
      let response: Response | undefined;
      let failure: unknown;
      let kind: FailureKind | undefined;
      try {
        response = await refuseLongWaits(fetch, now)(input, init);
        kind = failureKindOfStatus(response.status);
      } catch (e) {
        // Stops, timeouts the caller set and policy refusals (ChatFailure) are final; a failed connection is transient.
        if (init?.signal?.aborted || isAbortError(e) || !(e instanceof TypeError)) throw e;
        failure = e;
        kind = 'transient';
      }
      if (!kind) {
        budget.refund(lastCost);
        return response!;
      }
      const cost = attempt < RETRY_POLICY.maxAttempts && replayable ? budget.take(kind) : undefined;
      if (cost === undefined) {
        if (response) return response;
        throw failure;
      }
      lastCost = cost;
      const asked = response ? askedWaitMs(response.headers, now()) : undefined;
      await response?.body?.cancel().catch(() => undefined);
      await sleep(Math.max(backoffMs(kind, attempt - 1, random), asked ?? 0), init?.signal);
    }
  };
}
