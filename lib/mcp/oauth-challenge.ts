import type { FetchLike } from '../transport/secure-fetch';

/**
 * A fetch that notices a server asking for an OAuth sign-in: a 401 whose WWW-Authenticate challenge names the
 * server's protected-resource metadata, as the MCP authorization specification requires of servers that sign in. A
 * bare 401 means a wrong or missing token instead.
 */
export function noticingSignIn(base: FetchLike = globalThis.fetch.bind(globalThis)): { fetch: FetchLike; asked(): boolean } {
  let asked = false;
  return {
    fetch: async (input, init) => {
      const response = await base(input, init);
      const challenge = response.headers.get('www-authenticate') ?? '';
      if (response.status === 401 && /^\s*Bearer\b/i.test(challenge) && /\bresource_metadata\s*=/i.test(challenge)) asked = true;
      return response;
    },
    asked: () => asked,
  };
}
