/**
 * What a provider card says about a provider: connected (with its model
 * count), needs a key, its key was refused, or unreachable. Pure, so the
 * panel's cards and its tests agree on the same reading of an error.
 */
import type { ChatError, ChatErrorCode } from './errors';
import { kindInfo, type ProviderView } from './providers';

export type ProviderState = 'checking' | 'connected' | 'needs-key' | 'refused-key' | 'unreachable' | 'failed';

/** The outcome of the last look at a provider: a test, or the model listing. */
export type ProviderCheck = { models: number; error?: undefined } | { models?: undefined; error: ChatError };

export interface ProviderStatus {
  state: ProviderState;
  models?: number;
  error?: ChatError;
}

const KEY_REFUSED: ReadonlySet<ChatErrorCode> = new Set(['unauthorized', 'forbidden', 'invalid-credential']);
const KEY_MISSING: ReadonlySet<ChatErrorCode> = new Set(['credential-missing', 'api-key-header-missing']);
const UNREACHABLE: ReadonlySet<ChatErrorCode> = new Set([
  'network',
  'timeout',
  'service-unavailable',
  'server-error',
  'not-found',
  'origin-rejected',
  'invalid-url',
  'insecure-url',
  'cross-origin-redirect',
  'redirect-refused',
]);

/** Whether a key the kind needs has never been saved. */
function missingKey(provider: ProviderView): boolean {
  const fields = kindInfo(provider.kind)?.fields ?? [];
  return fields.some((f) => f.type === 'secret' && f.required && !provider.secretsSet[f.key]);
}

export function providerStatus(provider: ProviderView, check: ProviderCheck | undefined): ProviderStatus {
  if (missingKey(provider)) return { state: 'needs-key' };
  if (!check) return { state: 'checking' };
  const { error } = check;
  if (!error) return { state: 'connected', models: check.models };
  if (KEY_MISSING.has(error.code)) return { state: 'needs-key', error };
  if (KEY_REFUSED.has(error.code)) return { state: 'refused-key', error };
  if (UNREACHABLE.has(error.code)) return { state: 'unreachable', error };
  return { state: 'failed', error };
}
