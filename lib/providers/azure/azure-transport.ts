/**
 * The Azure SDK's HTTP layer, bent to the extension's rules: every request
 * goes through the fetch the background polices (and retries by the shared policy).
 */
import {
  createHttpHeaders,
  type HttpClient,
  type PipelinePolicy,
  type PipelineRequest,
  type PipelineResponse,
} from '@azure/core-rest-pipeline';
import { fail } from '../../core/errors';
import type { FetchLike } from '../../transport/secure-fetch';

/** asBrowserStream()/asNodeStream() ask for a stream through streamResponseStatusCodes. */
function wantsStream(request: PipelineRequest, status: number): boolean {
  const codes = request.streamResponseStatusCodes;
  return codes !== undefined && (codes.has(Number.POSITIVE_INFINITY) || codes.has(status));
}

function requestBody(request: PipelineRequest): string | undefined {
  const body = typeof request.body === 'function' ? request.body() : request.body;
  if (body === undefined || typeof body === 'string') return body;
  return fail('unsupported', 'The Azure client only sends JSON text bodies.');
}

/**
 * An HttpClient over `fetch`. Deadlines and stops arrive through the request's
 * abort signal, which also ends a streamed body mid-way. Error bodies are read
 * at once even when a stream was asked for: the retry policy may drop such a
 * reply unread, and an unread body would hold its connection open.
 */
export function fetchHttpClient(fetch: FetchLike): HttpClient {
  return {
    async sendRequest(request: PipelineRequest): Promise<PipelineResponse> {
      const headers = new Headers();
      for (const [name, value] of request.headers) headers.set(name, value);
      const reply = await fetch(request.url, {
        method: request.method,
        headers,
        body: requestBody(request),
        signal: request.abortSignal as AbortSignal | undefined,
      });
      const response: PipelineResponse = { request, status: reply.status, headers: createHttpHeaders() };
      reply.headers.forEach((value, name) => response.headers.set(name, value));
      if (!wantsStream(request, reply.status)) response.bodyAsText = await reply.text();
      else if (reply.ok) response.browserStreamBody = reply.body ?? undefined;
      else response.browserStreamBody = new Response(await reply.arrayBuffer()).body ?? undefined;
      return response;
    },
  };
}

/** Sends a fixed bearer token, for the one case the SDK's own policy refuses: plain http to this computer. */
export function staticBearerPolicy(token: string): PipelinePolicy {
  return {
    name: 'staticBearerPolicy',
    sendRequest(request, next) {
      request.headers.set('authorization', `Bearer ${token}`);
      return next(request);
    },
  };
}
