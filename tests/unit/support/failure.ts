import { ChatFailure, type ChatError } from '../../../lib/core/errors';

/** The ChatError a promise (or a call) fails with; fails the test if it succeeds or throws anything else. */
export async function failureOf(promise: Promise<unknown> | (() => unknown)): Promise<ChatError> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (e) {
    if (e instanceof ChatFailure) return e.error;
    throw e;
  }
  throw new Error('expected a ChatFailure');
}
