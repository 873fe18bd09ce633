import type { RetryErrorInfo, RetryStrategyV2, StandardRetryToken } from '@smithy/types';
import { askedWaitMs, backoffMs, RETRY_POLICY, RetryBudget } from '../../transport/retry-policy';

function retryToken(count: number, delay: number, cost?: number): StandardRetryToken {
  return { getRetryCount: () => count, getRetryDelay: () => delay, getRetryCost: () => cost };
}

/** retry-after-ms or Retry-After from the failed reply; the SDK's own hint reads only Retry-After. */
function askedWait(info: RetryErrorInfo): number | undefined {
  const headers = (info.error as { $response?: { headers?: Record<string, string | undefined> } } | undefined)?.$response?.headers;
  const fromHeaders = headers ? askedWaitMs({ get: (name) => headers[name] }) : undefined;
  return fromHeaders ?? (info.retryAfterHint ? info.retryAfterHint.getTime() - Date.now() : undefined);
}

/**
 * The shared retry policy, as the SDK's retry strategy. The installed SDK's own
 * StandardRetryStrategy has since moved to other numbers (50 ms / 1 s bases,
 * a cost of 14), so the strategy is spelled out here instead of configured.
 * The SDK classifies each failure before asking for a retry: THROTTLING (429
 * and throttling error codes), TRANSIENT (timeouts, network failures, 500,
 * 502, 503, 504, a clock skew just corrected), SERVER_ERROR (other 5xx) or
 * CLIENT_ERROR. Only the first two are retried, with full-jitter exponential
 * backoff, while a shared budget lasts, so an outage does not multiply load.
 * The SDK's retry middleware sleeps for the token's delay.
 */
export class BedrockRetryStrategy implements RetryStrategyV2 {
  readonly mode = 'standard';

  constructor(
    private readonly random: () => number = Math.random,
    private readonly budget: RetryBudget = new RetryBudget(),
  ) {}

  async acquireInitialRetryToken(): Promise<StandardRetryToken> {
    return retryToken(0, 0);
  }

  async refreshRetryTokenForRetry(token: StandardRetryToken, info: RetryErrorInfo): Promise<StandardRetryToken> {
    const kind = info.errorType === 'THROTTLING' ? 'throttling' : info.errorType === 'TRANSIENT' ? 'transient' : undefined;
    const attempts = token.getRetryCount() + 1;
    // The same budget class, costs and refunds as every other provider's fetch-level retries (retry-policy).
    const cost = kind && attempts < RETRY_POLICY.maxAttempts ? this.budget.take(kind) : undefined;
    if (!kind || cost === undefined) throw new Error('No retry token available');
    let delay = backoffMs(kind, token.getRetryCount(), this.random);
    // A server's own wait wins over a shorter backoff, within the same cap (longer ones were refused by the fetch, see bedrock-client).
    const asked = askedWait(info);
    if (asked !== undefined) delay = Math.max(delay, Math.min(asked, RETRY_POLICY.maxDelayMs));
    return retryToken(attempts, delay, cost);
  }

  recordSuccess(token: StandardRetryToken): void {
    this.budget.refund(token.getRetryCost());
  }

  /** What is left of the retry budget. */
  getCapacity(): number {
    return this.budget.remaining();
  }
}
