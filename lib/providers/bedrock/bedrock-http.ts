import type { HttpHandlerOptions, HttpRequest, HttpResponse, QueryParameterBag, RequestHandler } from '@smithy/types';
import type { FetchLike } from '../../transport/secure-fetch';

function queryString(query: QueryParameterBag | undefined): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query ?? {})) {
    const name = encodeURIComponent(key);
    if (value === null) parts.push(name);
    else for (const v of Array.isArray(value) ? value : [value]) parts.push(`${name}=${encodeURIComponent(v)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** The URL a signed SDK request goes to; its path is already percent-encoded by the SDK. */
function requestUrl(request: HttpRequest): string {
  const port = request.port ? `:${request.port}` : '';
  return `${request.protocol}//${request.hostname}${port}${request.path}${queryString(request.query)}`;
}

/**
 * The SDK's HTTP handler, reduced to the one thing the background needs: every
 * request goes through the context's fetch, so the transport policy (https or
 * loopback only, no redirects) and the caller's signal apply to Bedrock too.
 * Response bodies stay web streams, which both the SDK's event-stream reader
 * and its body collector accept in the service worker and in Node alike.
 */
export class ContextFetchHandler implements RequestHandler<HttpRequest, HttpResponse, HttpHandlerOptions> {
  constructor(private readonly fetch: FetchLike) {}

  async handle(request: HttpRequest, options: HttpHandlerOptions = {}): Promise<{ response: HttpResponse }> {
    const method = request.method.toUpperCase();
    const hasBody = method !== 'GET' && method !== 'HEAD' && request.body != null;
    const res = await this.fetch(requestUrl(request), {
      method,
      // host and content-length are the browser's to set; the values it sends are the ones that were signed.
      headers: Object.entries(request.headers).filter(([name]) => !/^(host|content-length)$/i.test(name)),
      body: hasBody ? (request.body as BodyInit) : undefined,
      signal: options.abortSignal as AbortSignal | undefined,
    });
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    return { response: { statusCode: res.status, reason: res.statusText, headers, body: res.body ?? new Uint8Array() } };
  }
}
