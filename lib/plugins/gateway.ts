import { ChatFailure, chatError, codeForStatus, fail } from '../core/errors';
import { credentialedFetch, type FetchLike } from '../transport/secure-fetch';
import { assertCredentialUrl } from '../transport/url-policy';
import type { PluginManifest } from '../core/plugins';
import { buildHttpOperationRequest } from './http-operation';
import { encodePluginSettings, PLUGIN_SETTINGS_HEADER } from './settings-header';

export interface PluginCall {
  manifest: PluginManifest;
  apiName: string;
  /** Arguments already checked by parseToolArguments. */
  args: Record<string, unknown>;
  /** The user's settings for this plugin: an object, or a string sent as given. */
  settings?: unknown;
}

/** A fully built plugin request: plain data, so it can be logged or inspected before it is sent. */
export interface PluginRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

export interface PluginCallResult {
  status: number;
  contentType: string;
  text: string;
}

export interface ExecuteOptions {
  fetch?: FetchLike;
  signal?: AbortSignal;
  timeoutMs: number;
  maxBytes: number;
}

/**
 * The HTTP request for one plugin call. With a manifest gateway it is LobeChat's
 * gateway payload ({ apiName, arguments as JSON text, identifier, manifest, type });
 * an API expanded from an OpenAPI document is called as that document says;
 * otherwise the arguments are POSTed straight to the API's url. Settings travel in
 * X-Lobe-Plugin-Settings, so the target must be https (or loopback http).
 */
export function buildPluginRequest({ manifest, apiName, args, settings }: PluginCall): PluginRequest {
  const api = manifest.api.find((entry) => entry.name === apiName);
  if (!api) fail('not-found', `Plugin "${manifest.identifier}" has no API named "${apiName}".`);
  // An OpenAPI operation is called as its document describes, with only the credentials it declares (no settings header).
  if (api.http && !manifest.gateway) {
    const values = typeof settings === 'object' && settings !== null ? (settings as Record<string, unknown>) : undefined;
    return buildHttpOperationRequest(manifest, { ...api, http: api.http }, args, values);
  }
  const argumentsJson = JSON.stringify(args);
  const target = manifest.gateway ?? api.url;
  if (!target) fail('unsupported', `Plugin "${manifest.identifier}" gives neither a gateway nor a url for API "${apiName}".`);
  const url = assertCredentialUrl(target).href;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const settingsHeader = encodePluginSettings(settings);
  if (settingsHeader !== undefined) headers[PLUGIN_SETTINGS_HEADER] = settingsHeader;
  const body = manifest.gateway
    ? JSON.stringify({ apiName, arguments: argumentsJson, identifier: manifest.identifier, manifest, type: manifest.type })
    : argumentsJson;
  return { url, method: 'POST', headers, body };
}

const TOO_LARGE_TYPE = 'PluginResponseTooLarge';

function tooLarge(maxBytes: number): ChatFailure {
  return new ChatFailure(chatError('unsupported', `The plugin's response exceeds ${maxBytes} bytes.`, { type: TOO_LARGE_TYPE }));
}

/** Whether readLimited gave up because the body grew past its limit. */
export function isTooLarge(e: unknown): boolean {
  return e instanceof ChatFailure && e.error.type === TOO_LARGE_TYPE;
}

/** Reads the body as text, giving up as soon as it grows past maxBytes. */
export async function readLimited(response: Response, maxBytes: number): Promise<string> {
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel();
    throw tooLarge(maxBytes);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let received = 0;
  let text = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    received += chunk.value.byteLength;
    if (received > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    text += decoder.decode(chunk.value, { stream: true });
  }
  return text + decoder.decode();
}

/** LobeChat plugins and gateways answer errors as { errorType, body }. */
function lobeErrorType(text: string): string | undefined {
  try {
    const parsed = JSON.parse(text) as { errorType?: unknown };
    return typeof parsed.errorType === 'string' ? parsed.errorType : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sends a plugin request: no redirects (the settings header must not follow one
 * anywhere), no cookies, a deadline covering the whole exchange, and a cap on the
 * response size enforced while reading. A non-2xx answer becomes a ChatFailure
 * coded by status, carrying LobeChat's errorType when the plugin sent one.
 */
export async function executePluginCall(request: PluginRequest, opts: ExecuteOptions): Promise<PluginCallResult> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs);
  const forwardAbort = () => controller.abort();
  if (opts.signal?.aborted) controller.abort();
  opts.signal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    const response = await credentialedFetch(opts.fetch)(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      credentials: 'omit',
      signal: controller.signal,
    });
    const text = await readLimited(response, opts.maxBytes);
    if (!response.ok) {
      fail(codeForStatus(response.status), `The plugin answered ${response.status}: ${text.slice(0, 300)}`, {
        status: response.status,
        type: lobeErrorType(text),
      });
    }
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', text };
  } catch (e) {
    if (timedOut) throw new ChatFailure(chatError('timeout', `The plugin did not answer within ${opts.timeoutMs} ms.`));
    throw e;
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', forwardAbort);
  }
}
