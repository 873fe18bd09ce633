import type { RetryErrorType, StandardRetryToken } from '@smithy/types';
import { describe, expect, it } from 'vitest';
import { CLOCK_SKEW_LIMIT_MS, ServiceClock } from '../../../lib/providers/bedrock/bedrock-clock';
import { serviceState } from '../../../lib/providers/bedrock/bedrock-client';
import type { BedrockConfig } from '../../../lib/providers/bedrock/bedrock-config';
import { BedrockRetryStrategy } from '../../../lib/providers/bedrock/bedrock-retry';
import { retryBudgetFor, RETRY_POLICY } from '../../../lib/transport/retry-policy';
import { SPEC_STANDARD_RETRY } from '../support/retry-spec';

const info = (errorType: RetryErrorType, retryAfterHint?: Date) => ({ errorType, ...(retryAfterHint ? { retryAfterHint } : {}) });

async function delays(strategy: BedrockRetryStrategy, errorType: RetryErrorType): Promise<number[]> {
  let token: StandardRetryToken = await strategy.acquireInitialRetryToken();
  const out: number[] = [];
  for (;;) {
    try {
      token = await strategy.refreshRetryTokenForRetry(token, info(errorType));
    } catch {
      return out;
    }
    out.push(token.getRetryDelay());
  }
}

describe('BedrockRetryStrategy', () => {
  it('has the standard numbers of the spec', () => {
    expect(RETRY_POLICY).toMatchObject(SPEC_STANDARD_RETRY);
  });

  it('backs off exponentially from 500 ms for throttling and from 100 ms for transient errors, with full jitter', async () => {
    expect(await delays(new BedrockRetryStrategy(() => 0.999999), 'THROTTLING')).toEqual([499, 999]);
    expect(await delays(new BedrockRetryStrategy(() => 0.999999), 'TRANSIENT')).toEqual([99, 199]);
    expect(await delays(new BedrockRetryStrategy(() => 0), 'TRANSIENT')).toEqual([0, 0]);
  });

  it('stops after three attempts in all, and never retries client or other server errors', async () => {
    const strategy = new BedrockRetryStrategy();
    expect(await delays(strategy, 'THROTTLING')).toHaveLength(RETRY_POLICY.maxAttempts - 1);
    expect(await delays(strategy, 'CLIENT_ERROR')).toHaveLength(0);
    expect(await delays(strategy, 'SERVER_ERROR')).toHaveLength(0);
  });

  it('caps a delay at 20 s, even when the server asks for longer', async () => {
    const strategy = new BedrockRetryStrategy(() => 0);
    const token = await strategy.refreshRetryTokenForRetry(
      await strategy.acquireInitialRetryToken(),
      info('THROTTLING', new Date(Date.now() + 3_600_000)),
    );
    expect(token.getRetryDelay()).toBe(RETRY_POLICY.maxDelayMs);
    const polite = await strategy.refreshRetryTokenForRetry(
      await strategy.acquireInitialRetryToken(),
      info('THROTTLING', new Date(Date.now() + 2_000)),
    );
    expect(polite.getRetryDelay()).toBeGreaterThan(1_500);
    expect(polite.getRetryDelay()).toBeLessThanOrEqual(2_000);
  });

  it('spends 5 of its 500 budget per retry, 10 for a transient error, refunds on success and stops when spent', async () => {
    const strategy = new BedrockRetryStrategy(() => 0);
    const first = await strategy.acquireInitialRetryToken();
    const throttled = await strategy.refreshRetryTokenForRetry(first, info('THROTTLING'));
    expect(throttled.getRetryCost()).toBe(5);
    expect(strategy.getCapacity()).toBe(495);
    const transient = await strategy.refreshRetryTokenForRetry(first, info('TRANSIENT'));
    expect(transient.getRetryCost()).toBe(10);
    expect(strategy.getCapacity()).toBe(485);
    strategy.recordSuccess(transient);
    expect(strategy.getCapacity()).toBe(495);
    strategy.recordSuccess(first);
    expect(strategy.getCapacity()).toBe(496);
    strategy.recordSuccess(first);
    strategy.recordSuccess(first);
    strategy.recordSuccess(first);
    strategy.recordSuccess(first);
    expect(strategy.getCapacity()).toBe(500);

    for (let spent = 0; spent < 50; spent++) await strategy.refreshRetryTokenForRetry(first, info('TRANSIENT'));
    expect(strategy.getCapacity()).toBe(0);
    await expect(strategy.refreshRetryTokenForRetry(first, info('THROTTLING'))).rejects.toThrow('No retry token available');
  });

  it('spends the provider’s one retry budget, the one its fetch-level retries elsewhere use, in every region', async () => {
    const config = (region: string): BedrockConfig => ({
      region,
      credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' },
      useFipsEndpoint: false,
      useDualstackEndpoint: false,
      trace: false,
      latencyOptimized: false,
    });
    const budget = retryBudgetFor('bedrock-budget-test');
    const east = serviceState('bedrock-budget-test', config('us-east-1')).retry;
    const west = serviceState('bedrock-budget-test', config('us-west-2')).retry;
    await east.refreshRetryTokenForRetry(await east.acquireInitialRetryToken(), info('THROTTLING'));
    await west.refreshRetryTokenForRetry(await west.acquireInitialRetryToken(), info('TRANSIENT'));
    expect(budget.remaining()).toBe(RETRY_POLICY.budget - RETRY_POLICY.retryCost - RETRY_POLICY.transientRetryCost);
    expect(east.getCapacity()).toBe(budget.remaining());
  });
});

describe('ServiceClock', () => {
  const header = (offsetMs: number) => new Date(Date.now() + offsetMs).toUTCString();

  it('adopts the service’s time only when it is more than five minutes off', () => {
    const clock = new ServiceClock();
    clock.sample(header(CLOCK_SKEW_LIMIT_MS - 30_000));
    expect(clock.offsetMs).toBe(0);
    clock.sample(header(-(CLOCK_SKEW_LIMIT_MS + 60_000)));
    expect(clock.offsetMs).toBeLessThan(-CLOCK_SKEW_LIMIT_MS);
    expect(Math.abs(clock.now().getTime() - (Date.now() - CLOCK_SKEW_LIMIT_MS - 60_000))).toBeLessThan(2_000);
    clock.sample(undefined);
    clock.sample('not a date');
    expect(clock.offsetMs).toBeLessThan(-CLOCK_SKEW_LIMIT_MS);
  });
});
