import { chatError, ChatFailure } from '../core/errors';
import { assertCredentialUrl } from '../transport/url-policy';
import type { FetchLike } from '../transport/secure-fetch';

function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

/** A body that errors once more than `maxBytes` have arrived, so an oversized answer is never held whole. */
function capped(response: Response, maxBytes: number, origin: string): Response {
  if (!response.body) return response;
  let seen = 0;
  const limit = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > maxBytes) {
        controller.error(new ChatFailure(chatError('mcp-too-large', `The MCP server at ${origin} sent more than ${maxBytes} bytes.`)));
        return;
      }
      controller.enqueue(chunk);
    },
  });
  return new Response(response.body.pipeThrough(limit), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/**
 * The fetch an MCP client uses: only the origin the user approved (an SSE server names its own message endpoint,
 * which must stay there), only https or loopback http, as the token travels with every request, and each POST's
 * answer capped at `maxBytes`. The long-lived GET stream of notifications is not capped: it is never held whole.
 */
export function mcpFetch(origin: string, maxBytes: number, base: FetchLike = globalThis.fetch.bind(globalThis)): FetchLike {
  return async (input, init) => {
    const url = assertCredentialUrl(requestUrl(input));
    if (url.origin !== origin) {
      throw new ChatFailure(chatError('forbidden', `Refused: ${url.origin} is not the origin approved for this MCP server (${origin}).`));
    }
    const response = await base(input, init);
    return init?.method === 'POST' ? capped(response, maxBytes, origin) : response;
  };
}
