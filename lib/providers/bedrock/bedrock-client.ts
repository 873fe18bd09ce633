import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { clockSkewMiddleware, clockSkewMiddlewareOptions, ServiceClock } from './bedrock-clock';
import type { BedrockConfig } from './bedrock-config';
import { ContextFetchHandler } from './bedrock-http';
import { ServiceWorkerRestJsonProtocol } from './bedrock-protocol';
import { BedrockRetryStrategy } from './bedrock-retry';
import { refuseLongWaits, retryBudgetFor, RETRY_POLICY } from '../../transport/retry-policy';
import type { ProviderContext } from '../types';

/** What outlives one request: the retry budget and the learnt clock offset. */
interface ServiceState {
  retry: BedrockRetryStrategy;
  clock: ServiceClock;
}

const states = new Map<string, ServiceState>();

/** One state per provider and place it talks to, since a clock offset belongs to a server. */
export function serviceState(providerId: string, config: BedrockConfig): ServiceState {
  const key = JSON.stringify([providerId, config.region, config.endpoint ?? '', config.useFipsEndpoint, config.useDualstackEndpoint]);
  let state = states.get(key);
  if (!state) {
    // The provider's one retry budget, whichever region it talks to.
    state = { retry: new BedrockRetryStrategy(Math.random, retryBudgetFor(providerId)), clock: new ServiceClock() };
    states.set(key, state);
  }
  return state;
}

/**
 * A Bedrock Runtime client for one request: signed with the provider's keys,
 * sending through the context's fetch, retrying the standard way and
 * signing with the service's clock.
 */
export function createBedrockClient(ctx: ProviderContext, config: BedrockConfig): BedrockRuntimeClient {
  const state = serviceState(ctx.config.id, config);
  const client = new BedrockRuntimeClient({
    region: config.region,
    credentials: config.credentials,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    useFipsEndpoint: config.useFipsEndpoint,
    useDualstackEndpoint: config.useDualstackEndpoint,
    // Waits longer than the retry cap fail at once, saying until when; shorter ones are the strategy's.
    requestHandler: new ContextFetchHandler(refuseLongWaits(ctx.fetch)),
    protocol: ServiceWorkerRestJsonProtocol,
    maxAttempts: RETRY_POLICY.maxAttempts,
    retryStrategy: state.retry,
    systemClockOffset: state.clock.offsetMs,
  });
  client.middlewareStack.addRelativeTo(clockSkewMiddleware(state.clock, client.config), clockSkewMiddlewareOptions);
  return client;
}
