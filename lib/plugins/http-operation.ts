/**
 * The request for one call of an API expanded from an OpenAPI document: the
 * arguments placed where the document says (path, query, header), the
 * `_requestBody` argument as the JSON or form body, and the plugin's
 * credentials where its security schemes put them.
 */
import { fail } from '../core/errors';
import type { PluginApi, PluginHttpAuth, PluginHttpOperation, PluginManifest } from '../core/plugins';
import { assertCredentialUrl } from '../transport/url-policy';
import { REQUEST_BODY_KEY } from './openapi';

export interface HttpRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** Header names fetch would refuse or that would let an argument take over the exchange. */
const FORBIDDEN_HEADERS = /^(host|cookie|content-length|connection|transfer-encoding|origin|referer|authorization|proxy-.*|sec-.*)$/i;

/** A scalar as text; arrays and objects (in a path, header or form body) as JSON. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * A query argument in OpenAPI's `form` style: by default an array repeats the name for each item and an object
 * gives each property its own `key=value`; unexploded, either is one comma-separated value, as swagger-client
 * (LobeChat's gateway) sends them.
 */
function appendQuery(query: URLSearchParams, param: PluginHttpOperation['params'][number], value: unknown): void {
  const scalar = (item: unknown) => (item === null || typeof item !== 'object' ? asText(item) : JSON.stringify(item));
  if (Array.isArray(value)) {
    if (param.explode === false) query.append(param.name, value.map(scalar).join(','));
    else for (const item of value) query.append(param.name, scalar(item));
  } else if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, field]) => field !== undefined);
    if (param.explode === false) query.append(param.name, entries.flatMap(([key, field]) => [key, scalar(field)]).join(','));
    else for (const [key, field] of entries) query.append(key, scalar(field));
  } else query.append(param.name, asText(value));
}

function utf8Base64(text: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)));
}

function credentialValue(auth: PluginHttpAuth, value: string): string {
  if (auth.scheme === 'bearer') return `Bearer ${value}`;
  if (auth.scheme === 'basic') return `Basic ${utf8Base64(value)}`;
  return value;
}

function fillPath(template: string, operation: PluginHttpOperation, args: Record<string, unknown>): string {
  let url = template;
  for (const param of operation.params.filter((p) => p.in === 'path')) {
    const value = args[param.name];
    if (value === undefined) fail('bad-request', `The path parameter "${param.name}" is missing.`);
    url = url.split(`{${param.name}}`).join(encodeURIComponent(asText(value)));
  }
  return url;
}

function encodeBody(kind: PluginHttpOperation['body'], value: unknown): string | undefined {
  if (value === undefined || kind === undefined) return undefined;
  if (kind === 'json') return JSON.stringify(value);
  const form = new URLSearchParams();
  for (const [key, field] of Object.entries((value ?? {}) as Record<string, unknown>)) {
    if (field !== undefined) form.append(key, asText(field));
  }
  return form.toString();
}

/**
 * Builds the request, or fails with what is wrong. Credentials apply only when
 * the user saved them; a missing required one was already refused with the settings.
 */
export function buildHttpOperationRequest(
  manifest: PluginManifest,
  api: PluginApi & { http: PluginHttpOperation },
  args: Record<string, unknown>,
  settings: Record<string, unknown> | undefined,
): HttpRequest {
  const { http } = api;
  if (!api.url) fail('unsupported', `Plugin "${manifest.identifier}" gives no url for API "${api.name}".`);
  const url = new URL(assertCredentialUrl(fillPath(api.url, http, args)).href);
  const headers: Record<string, string> = {};
  for (const param of http.params) {
    const value = args[param.name];
    if (value === undefined || param.in === 'path') continue;
    if (param.in === 'query') appendQuery(url.searchParams, param, value);
    else if (FORBIDDEN_HEADERS.test(param.name)) fail('bad-request', `The header "${param.name}" cannot be set by a plugin call.`);
    else headers[param.name] = asText(value);
  }
  for (const key of http.auth ?? []) {
    const auth = manifest.httpAuth?.[key];
    const value = settings?.[auth?.setting ?? ''];
    if (!auth || typeof value !== 'string' || value === '') continue;
    if (auth.in === 'query') url.searchParams.set(auth.name, value);
    else headers[auth.name] = credentialValue(auth, value);
  }
  const body = encodeBody(http.body, args[REQUEST_BODY_KEY]);
  if (body !== undefined) headers['content-type'] = http.body === 'json' ? 'application/json' : 'application/x-www-form-urlencoded';
  return { url: url.href, method: http.method.toUpperCase(), headers, ...(body !== undefined ? { body } : {}) };
}
