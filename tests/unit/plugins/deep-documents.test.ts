import { describe, expect, it } from 'vitest';
import { resolveInternalRefs } from '../../../lib/plugins/json-pointer-refs';
import { MAX_JSON_DEPTH } from '../../../lib/plugins/json-safety';
import { expandOpenApi } from '../../../lib/plugins/openapi';
import { createPluginService } from '../../../lib/plugins/plugin-service';

/** Written as text: JSON.stringify itself overflows on values this deep. */
const DEEP = 10_000;
const nestedProperties = '{"type":"object","properties":{"a":'.repeat(DEEP) + '{"type":"string"}' + '}}'.repeat(DEEP);
const nestedItems = '{"type":"array","items":'.repeat(DEEP) + '{"type":"string"}' + '}'.repeat(DEEP);
const withBody = (schema: string, schemas = '{}') =>
  `{"openapi":"3.0.0","components":{"schemas":${schemas}},"paths":{"/a":{"post":{"requestBody":{"content":{"application/json":{"schema":${schema}}}}}}}}`;
const chain = (link: (next: string) => string) => {
  const schemas = Array.from({ length: DEEP }, (_, i) => `"S${i}":${link(`{"$ref":"#/components/schemas/S${i + 1}"}`)}`);
  return withBody('{"$ref":"#/components/schemas/S0"}', `{${schemas.join(',')},"S${DEEP}":{"type":"string"}}`);
};
/** Each schema only a reference to the next: the document is shallow, the chain is not. */
const refChain = chain((ref) => ref);
/** Each schema an object whose one property refers to the next. */
const nestingRefChain = chain((ref) => `{"type":"object","properties":{"a":${ref}}}`);
/** Swagger 2.0 keeps its schemas under `definitions`, and is rewritten only once its references are resolved. */
const swagger2Chain = `{"swagger":"2.0","definitions":{${Array.from({ length: DEEP }, (_, i) => `"S${i}":{"$ref":"#/definitions/S${i + 1}"}`).join(',')},"S${DEEP}":{"type":"object"}},"paths":{"/a":{"post":{"parameters":[{"name":"body","in":"body","schema":{"$ref":"#/definitions/S0"}}]}}}}`;

const DOC_URL = 'http://127.0.0.1:9/openapi.json';
const documents = {
  'nested properties': withBody(nestedProperties),
  'nested items': withBody(nestedItems),
  'a chain of references': refChain,
};

describe(`a ${DEEP}-deep OpenAPI document`, () => {
  for (const [name, text] of Object.entries({
    ...documents,
    'a chain of references nesting as it goes': nestingRefChain,
    'a Swagger 2.0 chain of references': swagger2Chain,
  })) {
    for (const contentType of ['application/json', 'application/yaml']) {
      it(`is refused for its depth, naming the limit: ${name}, read as ${contentType}`, async () => {
        expect(await expandOpenApi(text, DOC_URL, undefined, contentType)).toMatchObject({
          ok: false,
          issue: { code: 'too-deep', limit: MAX_JSON_DEPTH },
        });
      });
    }
  }

  it('is refused at preview with the depth reason, not an unexpected error', async () => {
    for (const text of Object.values(documents)) {
      const manifest = JSON.stringify({
        identifier: 'deep',
        meta: { title: 'Deep', description: 'A plugin with a deep document.' },
        api: [],
        openapi: DOC_URL,
      });
      const service = createPluginService({
        builtins: [],
        fetch: async (input) =>
          new Response(String(input).endsWith('openapi.json') ? text : manifest, { headers: { 'content-type': 'application/json' } }),
      });
      expect(await service.preview('http://127.0.0.1:9/manifest.json')).toMatchObject({
        kind: 'invalid',
        issues: [{ code: 'too-deep', limit: MAX_JSON_DEPTH }],
      });
    }
  });
});

describe('resolveInternalRefs', () => {
  it('replaces each internal reference by its target, shared wherever it is referenced', () => {
    const doc = {
      components: { schemas: { Id: { type: 'integer' }, Pet: { properties: { id: { $ref: '#/components/schemas/Id' } } } } },
      list: [{ $ref: '#/components/schemas/Pet' }, { $ref: '#/components/schemas/Pet' }, { $ref: 'other.json#/x' }],
    };
    const resolved = resolveInternalRefs(doc) as { list: unknown[]; components: { schemas: { Pet: unknown } } };
    expect(resolved).toEqual({
      components: { schemas: { Id: { type: 'integer' }, Pet: { properties: { id: { type: 'integer' } } } } },
      list: [{ properties: { id: { type: 'integer' } } }, { properties: { id: { type: 'integer' } } }, { $ref: 'other.json#/x' }],
    });
    expect(resolved.list[0]).toBe(resolved.list[1]);
    expect(doc.list[0]).toEqual({ $ref: '#/components/schemas/Pet' });
  });

  it('counts each reference followed as a level, up to the same limit as nesting', () => {
    const nested = (levels: number): unknown => (levels === 0 ? 'leaf' : { a: nested(levels - 1) });
    expect(resolveInternalRefs(nested(MAX_JSON_DEPTH))).toEqual(nested(MAX_JSON_DEPTH));
    expect(() => resolveInternalRefs(nested(MAX_JSON_DEPTH + 1))).toThrow(`exceeds ${MAX_JSON_DEPTH} levels`);
    // The target is first reached at `a` and shared with `b.c`, a level deeper: there it is one level too many.
    const ref = { $ref: '#/s' };
    expect(() => resolveInternalRefs({ a: ref, b: { c: ref }, s: nested(MAX_JSON_DEPTH - 3) })).not.toThrow();
    expect(() => resolveInternalRefs({ a: ref, b: { c: ref }, s: nested(MAX_JSON_DEPTH - 2) })).toThrow(
      `Nesting at "b.c", with its references followed, exceeds ${MAX_JSON_DEPTH} levels.`,
    );
  });
});
