import { describe, expect, it, vi } from 'vitest';
import { ChatFailure } from '../../../lib/core/errors';
import { askedWaitMs, RETRY_POLICY, RetryBudget, retryingFetch } from '../../../lib/transport/retry-policy';
import type { FetchLike } from '../../../lib/transport/secure-fetch';
import { SPEC_STANDARD_RETRY } from '../support/retry-spec';

const headers = (h: Record<string, string>) => new Headers(h);

describe('retry policy', () => {
  it('has the numbers of the spec', () => {
    expect(RETRY_POLICY).toMatchObject(SPEC_STANDARD_RETRY);
  });

  it('reads retry-after-ms, Retry-After in seconds and as an HTTP date', () => {
    const now = Date.UTC(2030, 0, 1, 12, 0, 0);
    expect(askedWaitMs(headers({ 'retry-after-ms': '250' }), now)).toBe(250);
    expect(askedWaitMs(headers({ 'retry-after': '3' }), now)).toBe(3000);
    expect(askedWaitMs(headers({ 'retry-after': new Date(now + 90_000).toUTCString() }), now)).toBe(90_000);
    expect(askedWaitMs(headers({}), now)).toBeUndefined();
    expect(askedWaitMs(headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
  });

  it('retries throttling, timeouts, network failures and 500/502/503/504, and nothing else', async () => {
    for (const [status, calls] of [
      [429, 3],
      [408, 3],
      [500, 3],
      [502, 3],
      [503, 3],
      [504, 3],
      [501, 1],
      [400, 1],
      [401, 1],
      [409, 1],
    ] as const) {
      const fetch = vi.fn<FetchLike>(async () => new Response('', { status }));
      const res = await retryingFetch(fetch, { budget: new RetryBudget(), random: () => 0 })('http://127.0.0.1/');
      expect([status, res.status, fetch.mock.calls.length]).toEqual([status, status, calls]);
    }
    const offline = vi.fn<FetchLike>(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(retryingFetch(offline, { budget: new RetryBudget(), random: () => 0 })('http://127.0.0.1/')).rejects.toThrow(
      'fetch failed',
    );
    expect(offline).toHaveBeenCalledTimes(3);
  });

  it('fails at once, saying until when, when the server asks for longer than the cap', async () => {
    const fetch = vi.fn<FetchLike>(async () => new Response('', { status: 503, headers: { 'retry-after': '40' } }));
    const failure = await retryingFetch(fetch, { budget: new RetryBudget(), now: () => 1_000 })('http://127.0.0.1/').catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(ChatFailure);
    expect((failure as ChatFailure).error).toMatchObject({ code: 'service-unavailable', status: 503, retryAt: 41_000 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('spends a budget, so 60 failing requests in an outage make 110 requests, not 180', async () => {
    const budget = new RetryBudget();
    const fetch = vi.fn<FetchLike>(async () => new Response('', { status: 500 }));
    const policed = retryingFetch(fetch, { budget, random: () => 0 });
    for (let i = 0; i < 60; i++) await policed('http://127.0.0.1/');
    expect(fetch).toHaveBeenCalledTimes(60 + RETRY_POLICY.budget / RETRY_POLICY.transientRetryCost);
    expect(budget.remaining()).toBe(0);
  });
});
