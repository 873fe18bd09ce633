import { chatError, ChatFailure } from '../core/errors';
import { assertCredentialUrl } from './url-policy';

export type FetchLike = typeof fetch;

function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

/**
 * A fetch for requests that carry credentials: only https or loopback http,
 * and no redirects at all, so a key can never be replayed to another host.
 */
export function credentialedFetch(base: FetchLike = globalThis.fetch.bind(globalThis)): FetchLike {
  return async (input, init) => {
    const url = requestUrl(input);
    assertCredentialUrl(url);
    const response = await base(input, { ...init, redirect: 'manual' });
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      throw new ChatFailure(
        chatError('cross-origin-redirect', `The server at ${new URL(url).host} answered with a redirect; credentials are never sent on.`),
      );
    }
    return response;
  };
}
