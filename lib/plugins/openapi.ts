/**
 * Expands a plugin's OpenAPI 3 document (or Swagger 2.0, rewritten by swagger2.ts) into manifest APIs and settings, the
 * way @lobehub/chat-plugin-sdk's OpenAPIConvertor does: one API per operation
 * (named by operationId, else "METHOD path"), its parameters merged into one
 * object schema with the JSON request body under `_requestBody`, and a
 * setting per security scheme. Parley also records how to call each
 * operation (method, where each argument goes, which credentials apply),
 * because it calls the plugin's server itself instead of through a gateway.
 *
 * The document, fetched under the URL policy, has only its internal `$ref`s
 * resolved, so no request escapes the policy.
 */
import type { PluginApi, PluginHttpAuth, PluginHttpOperation, PluginHttpParamLocation, PluginParameters } from '../core/plugins';
import { CircularRefError, MissingRefError, RefDepthError, resolveInternalRefs } from './json-pointer-refs';
import { formatPath } from './issue-path';
import type { ManifestIssue } from './manifest';
import { parsePluginDocument } from './parse-document';
import { isSwagger2, openApi3FromSwagger2 } from './swagger2';
import { MAX_MANIFEST_BYTES } from './validate-manifest';

/** LobeChat's key for the request body among an operation's arguments. */
export const REQUEST_BODY_KEY = '_requestBody';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
/** A dereferenced document shares one object wherever it was referenced: this bounds what that can multiply into. */
const MAX_EXPANDED_NODES = 200_000;

type Json = Record<string, unknown>;

export interface OpenApiExpansion {
  api: PluginApi[];
  settings?: PluginParameters;
  httpAuth?: Record<string, PluginHttpAuth>;
}

export type OpenApiResult = { ok: true; expansion: OpenApiExpansion } | { ok: false; issue: ManifestIssue };

class Refusal extends Error {
  constructor(readonly issue: ManifestIssue) {
    super(issue.message);
  }
}

const refuse = (code: ManifestIssue['code'], path: string, message: string): never => {
  throw new Refusal({ code, path, message });
};

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Parses the document (JSON or YAML, as its Content-Type says) and resolves its internal `$ref`s; nothing but this document is read. */
function dereference(source: string, contentType: string | null | undefined): unknown {
  const parsed = parsePluginDocument(source, contentType, MAX_MANIFEST_BYTES);
  if (!parsed.ok) throw new Refusal({ ...parsed.issue, path: 'openapi', message: `The OpenAPI document: ${parsed.issue.message}` });
  try {
    return resolveInternalRefs(parsed.value);
  } catch (e) {
    if (e instanceof RefDepthError) {
      const path = formatPath(['openapi', ...e.path]);
      throw new Refusal({ code: 'too-deep', path, message: `The OpenAPI document: ${e.message}`, limit: e.maxDepth });
    }
    if (!(e instanceof CircularRefError || e instanceof MissingRefError)) throw e;
    return refuse('openapi-invalid', 'openapi', `The OpenAPI document cannot be read: ${e.message}`);
  }
}

/** Counts nodes as JSON would write them, giving up past the limit (shared objects count each time). */
function boundedSize(value: unknown, budget = { left: MAX_EXPANDED_NODES }): void {
  if (--budget.left < 0) refuse('too-complex', 'openapi', 'The OpenAPI document expands into too large a set of tools.');
  if (Array.isArray(value)) value.forEach((item) => boundedSize(item, budget));
  else if (isObject(value)) Object.values(value).forEach((item) => boundedSize(item, budget));
}

/** A copy through JSON: the tools are stored and sent as plain data, never as the shared graph. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The first server's address with its variables' defaults, absolute against the document's own address. */
function serverUrl(doc: Json, docUrl: string): string {
  const server = Array.isArray(doc.servers) && isObject(doc.servers[0]) ? doc.servers[0] : undefined;
  let raw = text(server?.url) ?? '/';
  const variables = isObject(server?.variables) ? server.variables : {};
  raw = raw.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const variable = variables[name];
    return isObject(variable) && typeof variable.default === 'string' ? variable.default : whole;
  });
  try {
    return new URL(raw, docUrl).href.replace(/\/$/, '');
  } catch {
    return refuse('invalid-url', 'openapi.servers[0].url', `The OpenAPI server address "${raw}" is not valid.`);
  }
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: unknown;
  explode?: boolean;
}

/** Operation parameters override the path item's of the same name and place, as OpenAPI says. */
function parametersOf(pathItem: Json, operation: Json, where: string): Parameter[] {
  const byKey = new Map<string, Parameter>();
  for (const raw of [
    ...(Array.isArray(pathItem.parameters) ? pathItem.parameters : []),
    ...(Array.isArray(operation.parameters) ? operation.parameters : []),
  ]) {
    if (!isObject(raw) || typeof raw.name !== 'string' || typeof raw.in !== 'string') {
      refuse('openapi-invalid', where, `${where}: a parameter has no name or location.`);
    }
    byKey.set(`${raw.in}\u0000${raw.name}`, raw as unknown as Parameter);
  }
  return [...byKey.values()];
}

/** LobeChat drops the boolean `required` of OpenAPI 2-style property schemas, which JSON Schema does not know. */
function withoutBooleanRequired(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutBooleanRequired);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, v]) => !(key === 'required' && v === true))
      .map(([key, v]) => [key, withoutBooleanRequired(v)]),
  );
}

const BODY_TYPES: Record<string, NonNullable<PluginHttpOperation['body']>> = {
  'application/json': 'json',
  'application/x-www-form-urlencoded': 'form',
};

function requestBodyOf(operation: Json, where: string): { schema: Json; encoding: NonNullable<PluginHttpOperation['body']> } | undefined {
  const body = operation.requestBody;
  if (!isObject(body) || !isObject(body.content)) return undefined;
  const content = body.content;
  const encodingOf = (type: string) => BODY_TYPES[type.split(';')[0]!.trim().toLowerCase()];
  const type = Object.keys(content).find(encodingOf);
  const encoding = type === undefined ? undefined : encodingOf(type);
  if (type === undefined || encoding === undefined) {
    return refuse(
      'openapi-unsupported',
      where,
      `${where}: a request body of type ${Object.keys(content).join(', ')} cannot be sent; only JSON or form data.`,
    );
  }
  const media = content[type];
  const schema = isObject(media) && isObject(media.schema) ? (withoutBooleanRequired(media.schema) as Json) : undefined;
  if (!schema) return undefined;
  return { schema, encoding };
}

/** Settings and credential placements for the document's security schemes, as LobeChat names the settings. */
function securityOf(doc: Json): {
  properties: Json;
  required: string[];
  auth: Record<string, PluginHttpAuth>;
  schemes: Map<string, string[]>;
} {
  const components = isObject(doc.components) ? doc.components : {};
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  const properties: Json = {};
  const required: string[] = [];
  const auth: Record<string, PluginHttpAuth> = {};
  /** Scheme name → the auth keys that satisfy it. */
  const keys = new Map<string, string[]>();
  for (const [key, scheme] of Object.entries(schemes)) {
    if (!isObject(scheme)) continue;
    const where = `openapi.components.securitySchemes.${key}`;
    const secret = (description: string, title?: string) => ({
      type: 'string',
      format: 'password',
      description,
      ...(title ? { title } : {}),
    });
    if (scheme.type === 'apiKey') {
      if (scheme.in !== 'header' && scheme.in !== 'query') {
        refuse('openapi-unsupported', where, `${where}: an API key sent in a ${String(scheme.in)} cannot be sent by Parley.`);
      }
      const name = text(scheme.name) ?? refuse('openapi-invalid', where, `${where}: the API key has no name.`);
      properties[key] = secret(text(scheme.description) || `${key} API Key`, name);
      auth[key] = { setting: key, in: scheme.in as 'header' | 'query', name };
    } else if (scheme.type === 'http' && (scheme.scheme === 'bearer' || scheme.scheme === 'basic')) {
      properties[key] =
        scheme.scheme === 'basic'
          ? secret('Basic authentication credentials')
          : secret(text(scheme.description) || `${key} Bearer token`, key);
      auth[key] = { setting: key, in: 'header', name: 'Authorization', scheme: scheme.scheme };
    } else if (scheme.type === 'oauth2') {
      properties[`${key}_clientId`] = { type: 'string', description: 'Client ID for OAuth2' };
      properties[`${key}_clientSecret`] = secret('Client Secret for OAuth2');
      properties[`${key}_accessToken`] = secret('Access token for OAuth2');
      required.push(`${key}_clientId`, `${key}_clientSecret`, `${key}_accessToken`);
      auth[key] = { setting: `${key}_accessToken`, in: 'header', name: 'Authorization', scheme: 'bearer' };
    } else {
      // LobeChat makes no setting for other schemes (openIdConnect, other http schemes): neither does Parley.
      continue;
    }
    if (!required.includes(key) && properties[key]) required.push(key);
    keys.set(key, [key]);
  }
  return { properties, required, auth, schemes: keys };
}

/** The schemes an operation names (its own `security`, else the document's). */
function operationAuth(operation: Json, doc: Json, schemes: Map<string, string[]>): string[] {
  const security = Array.isArray(operation.security) ? operation.security : Array.isArray(doc.security) ? doc.security : [];
  const names = security.flatMap((requirement) => (isObject(requirement) ? Object.keys(requirement) : []));
  return [...new Set(names.flatMap((name) => schemes.get(name) ?? []))];
}

function operationApi(
  doc: Json,
  base: string,
  path: string,
  method: PluginHttpOperation['method'],
  pathItem: Json,
  operation: Json,
  schemes: Map<string, string[]>,
): PluginApi {
  const where = `openapi.paths.${path}.${method}`;
  const properties: Json = {};
  const required: string[] = [];
  const params: PluginHttpOperation['params'] = [];
  for (const parameter of parametersOf(pathItem, operation, where)) {
    // Cookies are never sent (requests go without credentials); an optional one is simply left out.
    if (parameter.in === 'cookie' && !parameter.required) continue;
    if (parameter.in !== 'path' && parameter.in !== 'query' && parameter.in !== 'header') {
      refuse(
        'openapi-unsupported',
        where,
        `${where}: the parameter "${parameter.name}" goes in a ${parameter.in}, which Parley cannot send.`,
      );
    }
    const schema = isObject(parameter.schema) ? parameter.schema : { type: 'string' };
    properties[parameter.name] = parameter.description ? { ...schema, description: parameter.description } : schema;
    if (parameter.required || parameter.in === 'path') required.push(parameter.name);
    params.push({
      name: parameter.name,
      in: parameter.in as PluginHttpParamLocation,
      ...(parameter.in === 'query' && parameter.explode === false ? { explode: false as const } : {}),
    });
  }
  const body = requestBodyOf(operation, where);
  const http: PluginHttpOperation = { method, params };
  if (body && isObject(body.schema.properties) && Object.keys(body.schema.properties).length > 0) {
    properties[REQUEST_BODY_KEY] = body.schema;
    required.push(REQUEST_BODY_KEY);
    http.body = body.encoding;
  }
  const auth = operationAuth(operation, doc, schemes);
  if (auth.length) http.auth = auth;
  const name = text(operation.operationId) || `${method.toUpperCase()} ${path}`;
  const parameters: PluginParameters = { type: 'object', properties, ...(required.length ? { required: [...new Set(required)] } : {}) };
  return {
    name,
    description: text(operation.summary) || text(operation.description) || name,
    parameters,
    url: `${base}${path}`,
    http,
  };
}

/** Why a document is not an OpenAPI 3 one (Swagger 2.0 is rewritten as one first), or undefined when it is. */
function versionIssue(doc: unknown): ManifestIssue | undefined {
  if (isObject(doc) && typeof doc.openapi === 'string' && /^3\.[01]\./.test(doc.openapi)) return undefined;
  if (isObject(doc) && doc.swagger !== undefined) {
    return {
      code: 'openapi-version',
      path: 'openapi',
      message: `The OpenAPI document is Swagger ${String(doc.swagger)}; Parley reads Swagger 2.0 and OpenAPI 3.0 and 3.1.`,
    };
  }
  return { code: 'openapi-invalid', path: 'openapi', message: 'The document is not an OpenAPI 3 document.' };
}

/**
 * The APIs, settings and credentials of a plugin's OpenAPI document, or the
 * reason it cannot be expanded. `existing` settings (from the manifest) are
 * kept and the schemes' settings added to them.
 */
export async function expandOpenApi(
  source: string,
  docUrl: string,
  existing?: PluginParameters,
  contentType?: string | null,
): Promise<OpenApiResult> {
  try {
    const parsed = dereference(source, contentType);
    const doc = isSwagger2(parsed) ? openApi3FromSwagger2(parsed, docUrl) : parsed;
    const issue = versionIssue(doc);
    if (issue) return { ok: false, issue };
    const root = doc as Json;
    boundedSize(root.paths);
    boundedSize(root.components);
    const base = serverUrl(root, docUrl);
    const security = securityOf(root);
    const api: PluginApi[] = [];
    for (const [path, pathItem] of Object.entries(isObject(root.paths) ? root.paths : {})) {
      if (!isObject(pathItem)) continue;
      for (const method of METHODS) {
        const operation = pathItem[method];
        if (isObject(operation)) api.push(operationApi(root, base, path, method, pathItem, operation, security.schemes));
      }
    }
    const external = api.find((entry) => JSON.stringify(entry.parameters).includes('"$ref"'));
    if (external) {
      const where = `openapi: ${external.name}`;
      refuse('openapi-unsupported', where, `${where}: a schema refers to another document, which Parley does not fetch.`);
    }
    if (!api.length)
      return { ok: false, issue: { code: 'openapi-empty', path: 'openapi', message: 'The OpenAPI document describes no operations.' } };
    const hasSchemes = Object.keys(security.properties).length > 0;
    const settings: PluginParameters | undefined =
      existing || hasSchemes
        ? {
            ...(existing ?? {}),
            type: 'object',
            properties: { ...(existing?.properties ?? {}), ...security.properties },
            ...(existing?.required?.length || security.required.length
              ? { required: [...new Set([...(existing?.required ?? []), ...security.required])] }
              : {}),
          }
        : undefined;
    return {
      ok: true,
      expansion: plain({
        api,
        ...(settings ? { settings } : {}),
        ...(hasSchemes ? { httpAuth: security.auth } : {}),
      }),
    };
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, issue: e.issue };
    throw e;
  }
}
