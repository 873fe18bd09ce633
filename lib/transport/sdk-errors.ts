import { chatError, type ChatError } from '../core/errors';

type ErrorClass = abstract new (...args: never[]) => Error;

/** Connection failures in the SDKs built by Stainless (openai, @anthropic-ai/sdk), whose error classes have one shape. */
export function connectionError(e: unknown, provider: string, sdk: { timeout: ErrorClass; connection: ErrorClass }): ChatError | undefined {
  if (e instanceof sdk.timeout) return chatError('timeout', e.message, { provider });
  if (!(e instanceof sdk.connection)) return undefined;
  const cause = e.cause instanceof Error ? `: ${e.cause.message}` : '';
  return chatError('network', `${e.message}${cause}`, { provider });
}
