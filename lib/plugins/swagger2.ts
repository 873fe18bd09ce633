/**
 * Swagger 2.0 documents, which LobeChat's SDK expands like OpenAPI 3 ones
 * (swagger-parser reads both), rewritten into the OpenAPI 3 shape that
 * openapi.ts expands: the server from host, basePath and schemes; each
 * parameter's inline type as its schema; a `body` parameter as a JSON request
 * body and `formData` parameters as a form body; securityDefinitions as
 * securitySchemes. Internal `$ref`s are already resolved.
 *
 * LobeChat spreads a body parameter's fields among the other arguments, and its
 * gateway then sends no body; here the body goes under `_requestBody`, as with
 * OpenAPI 3, so that it is sent.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;
const JSON_TYPE = /^application\/(.+\+)?json\b/i;

export function isSwagger2(doc: unknown): doc is Json {
  return isObject(doc) && doc.swagger === '2.0';
}

/** The first server: https when offered, else the first scheme, else the document's own; relative to it without a host. */
function serverOf(doc: Json, docUrl: string): string {
  const basePath = typeof doc.basePath === 'string' ? doc.basePath : '';
  if (typeof doc.host !== 'string' || !doc.host) return basePath || '/';
  const schemes = Array.isArray(doc.schemes) ? doc.schemes.filter((s): s is string => typeof s === 'string') : [];
  const scheme = schemes.includes('https') ? 'https' : (schemes[0] ?? new URL(docUrl).protocol.replace(/:$/, ''));
  return `${scheme}://${doc.host}${basePath}`;
}

/** A Swagger 2 parameter's inline type, items, enum and limits as a JSON schema. */
function inlineSchema(parameter: Json): Json {
  const {
    name: _name,
    in: _in,
    required: _required,
    description: _description,
    collectionFormat: _format,
    allowEmptyValue: _empty,
    ...schema
  } = parameter;
  return schema;
}

function securitySchemesOf(doc: Json): Json {
  const definitions = isObject(doc.securityDefinitions) ? doc.securityDefinitions : {};
  return Object.fromEntries(
    Object.entries(definitions).flatMap(([key, definition]) => {
      if (!isObject(definition)) return [];
      if (definition.type === 'basic') return [[key, { type: 'http', scheme: 'basic' }]];
      // apiKey keeps its shape; oauth2 needs only its type here.
      return [[key, definition]];
    }),
  );
}

/** Path-level parameters, replaced by the operation's own of the same name and place. */
function mergedParameters(pathItem: Json, operation: Json): Json[] {
  const byKey = new Map<string, Json>();
  for (const raw of [
    ...(Array.isArray(pathItem.parameters) ? pathItem.parameters : []),
    ...(Array.isArray(operation.parameters) ? operation.parameters : []),
  ]) {
    if (isObject(raw)) byKey.set(`${String(raw.in)}\u0000${String(raw.name)}`, raw);
  }
  return [...byKey.values()];
}

function operationOf(doc: Json, pathItem: Json, operation: Json): Json {
  const consumes = (Array.isArray(operation.consumes) ? operation.consumes : Array.isArray(doc.consumes) ? doc.consumes : []).filter(
    (type): type is string => typeof type === 'string',
  );
  const parameters: Json[] = [];
  const form: Json[] = [];
  let requestBody: Json | undefined;
  for (const parameter of mergedParameters(pathItem, operation)) {
    if (parameter.in === 'body') {
      // A body the document says is not JSON keeps its type, so openapi.ts names what it cannot send.
      const type = consumes.length && !consumes.some((t) => JSON_TYPE.test(t)) ? consumes[0]! : 'application/json';
      requestBody = { content: { [type]: { schema: isObject(parameter.schema) ? parameter.schema : { type: 'object' } } } };
    } else if (parameter.in === 'formData') {
      form.push(parameter);
    } else {
      const { name, in: place, required, description } = parameter;
      // Swagger 2 sends an array as one comma-separated value unless its collectionFormat is `multi`.
      const explode = parameter.type === 'array' && parameter.collectionFormat !== 'multi' ? { explode: false } : {};
      parameters.push({ name, in: place, required, description, schema: inlineSchema(parameter), ...explode });
    }
  }
  if (form.length) {
    const upload = form.some((p) => p.type === 'file') || (consumes.length > 0 && consumes.every((t) => /multipart\//i.test(t)));
    const schema = {
      type: 'object',
      properties: Object.fromEntries(
        form.map((p) => [p.name, typeof p.description === 'string' ? { ...inlineSchema(p), description: p.description } : inlineSchema(p)]),
      ),
      required: form.filter((p) => p.required === true).map((p) => p.name),
    };
    requestBody = { content: { [upload ? 'multipart/form-data' : 'application/x-www-form-urlencoded']: { schema } } };
  }
  const { operationId, summary, description, security } = operation;
  return { operationId, summary, description, security, parameters, ...(requestBody ? { requestBody } : {}) };
}

/** The document in OpenAPI 3's shape; `docUrl` is where it was fetched, for a server named without a scheme. */
export function openApi3FromSwagger2(doc: Json, docUrl: string): Json {
  const paths = Object.fromEntries(
    Object.entries(isObject(doc.paths) ? doc.paths : {}).flatMap(([path, pathItem]) => {
      if (!isObject(pathItem)) return [];
      const operations = METHODS.flatMap((method) =>
        isObject(pathItem[method]) ? [[method, operationOf(doc, pathItem, pathItem[method] as Json)]] : [],
      );
      return [[path, Object.fromEntries(operations)]];
    }),
  );
  return {
    openapi: '3.0.0',
    servers: [{ url: serverOf(doc, docUrl) }],
    paths,
    components: { securitySchemes: securitySchemesOf(doc) },
    ...(Array.isArray(doc.security) ? { security: doc.security } : {}),
  };
}
