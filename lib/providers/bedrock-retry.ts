import type { RetryErrorInfo, RetryStrategyV2, StandardRetryToken } from '@smithy/types';

/**
 * The standard retry mode as the product specifies it. The installed SDK's own
 * StandardRetryStrategy has since moved to other numbers (50 ms / 1 s bases,
 * a cost of 14), so the strategy is spelled out here instead of configured.
 */
export const BEDROCK_RETRY = {
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

class Token implements StandardRetryToken {
  constructor(
    private readonly count: number,
    private readonly delay: number,
    private readonly cost?: number,
  ) {}

  getRetryCount(): number {
    return this.count;
  }

  getRetryDelay(): number {
    return this.delay;
  }

  getRetryCost(): number | undefined {
    return this.cost;
  }
}

/**
 * The SDK classifies each failure before asking for a retry: THROTTLING (429
 * and throttling error codes), TRANSIENT (timeouts, network failures, 500,
 * 502, 503, 504, a clock skew just corrected), SERVER_ERROR (other 5xx) or
 * CLIENT_ERROR. Only the first two are retried, with full-jitter exponential
 * backoff, while a shared budget lasts, so an outage does not multiply load.
 * The SDK's retry middleware sleeps for the token's delay.
 */
export class BedrockRetryStrategy implements RetryStrategyV2 {
  readonly mode = 'standard';
  private capacity: number = BEDROCK_RETRY.budget;

  constructor(private readonly random: () => number = Math.random) {}

  async acquireInitialRetryToken(): Promise<StandardRetryToken> {
    return new Token(0, 0);
  }

  async refreshRetryTokenForRetry(token: StandardRetryToken, info: RetryErrorInfo): Promise<StandardRetryToken> {
    const throttled = info.errorType === 'THROTTLING';
    const cost = info.errorType === 'TRANSIENT' ? BEDROCK_RETRY.transientRetryCost : BEDROCK_RETRY.retryCost;
    const retryable = throttled || info.errorType === 'TRANSIENT';
    const attempts = token.getRetryCount() + 1;
    if (!retryable || attempts >= BEDROCK_RETRY.maxAttempts || this.capacity < cost) {
      throw new Error('No retry token available');
    }
    this.capacity -= cost;
    const base = throttled ? BEDROCK_RETRY.throttlingBaseDelayMs : BEDROCK_RETRY.baseDelayMs;
    let delay = Math.floor(this.random() * Math.min(base * 2 ** token.getRetryCount(), BEDROCK_RETRY.maxDelayMs));
    // A server's own retry-after wins over a shorter backoff, within the same cap.
    if (info.retryAfterHint) delay = Math.max(delay, Math.min(info.retryAfterHint.getTime() - Date.now(), BEDROCK_RETRY.maxDelayMs));
    return new Token(attempts, delay, cost);
  }

  recordSuccess(token: StandardRetryToken): void {
    this.capacity = Math.min(BEDROCK_RETRY.budget, this.capacity + (token.getRetryCost() ?? BEDROCK_RETRY.successRefund));
  }

  /** What is left of the retry budget. */
  getCapacity(): number {
    return this.capacity;
  }
}
