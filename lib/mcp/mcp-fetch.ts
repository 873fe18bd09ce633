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

/** A request to an origin the user has not approved; the sign-in flow asks the user about `origin` and tries again. */
export class OriginRefused extends ChatFailure {
  constructor(
    readonly origin: string,
    approved: string,
  ) {
    super(chatError('forbidden', `Refused: ${origin} is not the origin approved for this MCP server (${approved}).`));
  }
}

export interface McpAuthOrigins {
  /** Origins of the server's authorization server the user approved too: discovery, registration and tokens go there. */
  origins: readonly string[];
  /** Names of the user's custom headers: meant for the MCP server, so they are taken off requests to the others. */
  serverOnlyHeaders: readonly string[];
}

function withoutHeaders(init: RequestInit | undefined, names: readonly string[]): RequestInit | undefined {
  if (!init?.headers || !names.length) return init;
  const headers = new Headers(init.headers);
  for (const name of names) headers.delete(name);
  return { ...init, headers };
}

/**
 * The fetch an MCP client uses: only the origin the user approved (an SSE server names its own message endpoint,
 * which must stay there) and the authorization server origins approved for signing in, only https or loopback
 * http, as the token travels with every request, and each POST's answer capped at `maxBytes`. The long-lived GET
 * stream of notifications is not capped: it is never held whole.
 */
export function mcpFetch(
  origin: string,
  maxBytes: number,
  base: FetchLike = globalThis.fetch.bind(globalThis),
  auth: McpAuthOrigins = { origins: [], serverOnlyHeaders: [] },
): FetchLike {
  return async (input, init) => {
    const url = assertCredentialUrl(requestUrl(input));
    const toServer = url.origin === origin;
    if (!toServer && !auth.origins.includes(url.origin)) throw new OriginRefused(url.origin, origin);
    const response = await base(input, toServer ? init : withoutHeaders(init, auth.serverOnlyHeaders));
    return init?.method === 'POST' ? capped(response, maxBytes, url.origin) : response;
  };
}
