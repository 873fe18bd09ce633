import { describe, expect, it } from 'vitest';
import { isJsonContentType, parsePluginDocument } from '../../../lib/plugins/parse-document';
import { createPluginService } from '../../../lib/plugins/plugin-service';
import { MAX_MANIFEST_BYTES } from '../../../lib/plugins/validate-manifest';

const LIMIT = 64 * 1024;

describe('parsePluginDocument', () => {
  it('parses a document served as application/json as JSON only', () => {
    expect(parsePluginDocument('{"a": [1, 2]}', 'application/json', LIMIT)).toEqual({ ok: true, value: { a: [1, 2] }, json: true });
    expect(parsePluginDocument('{"a": 1}', 'Application/JSON; charset=utf-8', LIMIT)).toMatchObject({ ok: true, json: true });
    // Valid YAML, but the server said JSON.
    expect(parsePluginDocument('a: 1', 'application/json', LIMIT)).toMatchObject({ ok: false, issue: { code: 'invalid-json' } });
  });

  it('parses anything else as YAML, which JSON documents are too', () => {
    expect(parsePluginDocument('a:\n  - 1\n  - two\n', 'text/yaml', LIMIT)).toEqual({ ok: true, value: { a: [1, 'two'] }, json: false });
    expect(parsePluginDocument('{"a": 1, "a": 2}', 'text/plain', LIMIT)).toEqual({ ok: true, value: { a: 2 }, json: false });
    expect(parsePluginDocument('b: 2', null, LIMIT)).toEqual({ ok: true, value: { b: 2 }, json: false });
    expect(parsePluginDocument('a: [1', 'text/yaml', LIMIT)).toMatchObject({ ok: false, issue: { code: 'invalid-yaml' } });
  });

  it('gives plain data: aliases become copies and timestamps strings', () => {
    const result = parsePluginDocument('a: &x { n: 1 }\nb: *x\nwhen: 2024-01-02\n', 'text/yaml', LIMIT);
    if (!result.ok) throw new Error(result.issue.message);
    const value = result.value as { a: object; b: object; when: unknown };
    expect(value.b).toEqual(value.a);
    expect(value.b).not.toBe(value.a);
    expect(value.when).toBe('2024-01-02T00:00:00.000Z');
  });

  it('refuses an alias bomb that expands past the limit, without expanding it', () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 9; i++)
      levels.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(',')}]`,
      );
    const bomb = levels.join('\n');
    expect(bomb.length).toBeLessThan(1000);
    expect(parsePluginDocument(bomb, 'text/yaml', LIMIT)).toEqual({
      ok: false,
      issue: expect.objectContaining({ code: 'too-large', limit: LIMIT }),
    });
  });

  it('refuses a document that refers to itself', () => {
    expect(parsePluginDocument('a: &a [*a]', 'text/yaml', LIMIT)).toMatchObject({ ok: false, issue: { code: 'too-large' } });
  });

  it('refuses prototype keys and hostile depth in YAML as in JSON', () => {
    expect(parsePluginDocument('__proto__: { polluted: true }', 'text/yaml', LIMIT)).toMatchObject({
      ok: false,
      issue: { code: 'forbidden-key' },
    });
    expect(parsePluginDocument('['.repeat(40) + ']'.repeat(40), 'text/yaml', LIMIT)).toMatchObject({
      ok: false,
      issue: { code: 'too-deep' },
    });
  });

  it('knows JSON by its media type', () => {
    expect(isJsonContentType('application/json')).toBe(true);
    expect(isJsonContentType('text/yaml')).toBe(false);
    expect(isJsonContentType(null)).toBe(false);
  });
});

describe('a plugin manifest served as YAML', () => {
  const URL_ = 'http://127.0.0.1:9/manifest.yaml';
  const serve = (body: string, contentType: string) => {
    const service = createPluginService({
      builtins: [],
      fetch: async () => new Response(body, { headers: { 'content-type': contentType } }),
    });
    return service.preview(URL_);
  };
  const manifest = [
    'identifier: yaml-weather',
    'meta: { title: YAML Weather, description: Weather from a YAML manifest. }',
    'api:',
    '  - name: getWeather',
    '    description: Get the weather.',
    '    url: http://127.0.0.1:9/api/weather',
    '    parameters: &params { type: object, properties: { city: { type: string } } }',
    '  - name: getForecast',
    '    description: Get the forecast.',
    '    url: http://127.0.0.1:9/api/forecast',
    '    parameters: *params',
  ].join('\n');

  it('previews it with its tools', async () => {
    const preview = await serve(manifest, 'application/yaml');
    if (preview.kind !== 'manifest') throw new Error(JSON.stringify(preview));
    expect(preview.manifest.identifier).toBe('yaml-weather');
    expect(preview.manifest.api.map((api) => api.parameters)).toEqual([
      { type: 'object', properties: { city: { type: 'string' } } },
      { type: 'object', properties: { city: { type: 'string' } } },
    ]);
  });

  it('is refused when served as application/json', async () => {
    expect(await serve(manifest, 'application/json')).toMatchObject({ kind: 'invalid', issues: [{ code: 'invalid-json' }] });
  });

  it('is refused as too large when its aliases expand past the limit', async () => {
    const bomb = [manifest, 'x0: &x0 "' + 'a'.repeat(1000) + '"'];
    for (let i = 1; i < 12; i++) bomb.push(`x${i}: &x${i} [*x${i - 1}, *x${i - 1}, *x${i - 1}, *x${i - 1}]`);
    expect(await serve(bomb.join('\n'), 'text/yaml')).toMatchObject({
      kind: 'invalid',
      issues: [{ code: 'too-large', limit: MAX_MANIFEST_BYTES }],
    });
  });
});
