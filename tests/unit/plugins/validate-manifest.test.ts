import { describe, expect, it } from 'vitest';
import type { ManifestIssue } from '../../../lib/plugins/manifest';
import { MAX_MANIFEST_BYTES, parseManifestText, validateManifest } from '../../../lib/plugins/validate-manifest';
import { fixtureJson, fixtureText, manifestFixtureNames } from './fixtures';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const base = (): Json => fixtureJson('manifests/realtime-weather.json');

function errorsOf(input: unknown, opts?: Parameters<typeof validateManifest>[1]): ManifestIssue[] {
  const result = validateManifest(input, opts);
  if (result.ok) throw new Error('expected the manifest to be refused');
  return result.errors;
}

function expectIssue(input: unknown, code: ManifestIssue['code'], path: string, opts?: Parameters<typeof validateManifest>[1]) {
  const issue = errorsOf(input, opts).find((e) => e.path === path);
  expect(issue, `no issue at "${path}"`).toBeDefined();
  expect(issue?.code).toBe(code);
  if (path) expect(issue?.message).toContain(path);
}

describe('real LobeChat manifests', () => {
  const names = manifestFixtureNames();

  it('has fixtures to check', () => {
    expect(names.length).toBeGreaterThanOrEqual(8);
  });

  it.each(names)('%s validates from its text', (name) => {
    const result = parseManifestText(fixtureText(`manifests/${name}`));
    expect(result.ok ? [] : result.errors).toEqual([]);
  });

  it('fills in the default type and keeps the declared ones', () => {
    const types = Object.fromEntries(
      names.map((name) => {
        const result = parseManifestText(fixtureText(`manifests/${name}`));
        return [name, result.ok ? result.manifest.type : undefined];
      }),
    );
    expect(types['clock-time.json']).toBe('standalone');
    expect(types['template-markdown.json']).toBe('markdown');
    expect(types['realtime-weather.json']).toBe('default');
  });

  it('keeps fields it does not interpret', () => {
    const result = validateManifest(base());
    expect(result.ok && (result.manifest as unknown as Json).version).toBe('1');
  });
});

describe('schema violations', () => {
  const cases: [string, (m: Json) => void, ManifestIssue['code'], string][] = [
    ['identifier missing', (m) => delete m.identifier, 'missing-field', 'identifier'],
    ['meta missing', (m) => delete m.meta, 'missing-field', 'meta'],
    ['api missing', (m) => delete m.api, 'missing-field', 'api'],
    ['api name missing', (m) => delete m.api[0].name, 'missing-field', 'api[0].name'],
    ['api description missing', (m) => delete m.api[0].description, 'missing-field', 'api[0].description'],
    ['api parameters missing', (m) => delete m.api[0].parameters, 'missing-field', 'api[0].parameters'],
    ['parameters properties missing', (m) => delete m.api[0].parameters.properties, 'missing-field', 'api[0].parameters.properties'],
    ['parameters type not object', (m) => (m.api[0].parameters.type = 'array'), 'invalid-enum', 'api[0].parameters.type'],
    ['parameters required not a list', (m) => (m.api[0].parameters.required = 'city'), 'invalid-type', 'api[0].parameters.required'],
    ['identifier not a string', (m) => (m.identifier = 42), 'invalid-type', 'identifier'],
    ['identifier blank', (m) => (m.identifier = '   '), 'invalid-value', 'identifier'],
    ['api not a list', (m) => (m.api = {}), 'invalid-type', 'api'],
    ['meta not an object', (m) => (m.meta = 'weather'), 'invalid-type', 'meta'],
    ['meta tag not a string', (m) => (m.meta.tags = ['weather', 1]), 'invalid-type', 'meta.tags[1]'],
    ['unknown type', (m) => (m.type = 'widget'), 'invalid-enum', 'type'],
    ['ui without url', (m) => (m.ui = { height: 1 }), 'missing-field', 'ui.url'],
    ['ui url not a string', (m) => (m.ui.url = 5), 'invalid-type', 'ui.url'],
    ['unknown ui mode', (m) => (m.ui.mode = 'popup'), 'invalid-enum', 'ui.mode'],
    ['ui height not a number', (m) => (m.ui.height = '310'), 'invalid-type', 'ui.height'],
    ['settings without properties', (m) => (m.settings = { type: 'object' }), 'missing-field', 'settings.properties'],
    ['systemRole not a string', (m) => (m.systemRole = ['be nice']), 'invalid-type', 'systemRole'],
  ];

  it.each(cases)('%s', (_name, mutate, code, path) => {
    const manifest = base();
    mutate(manifest);
    expectIssue(manifest, code, path);
  });

  it('refuses a document that is not an object', () => {
    expectIssue([], 'invalid-type', '');
  });

  it('reports every problem at once', () => {
    const manifest = base();
    delete manifest.meta;
    manifest.api[0].parameters.type = 'array';
    manifest.ui.mode = 'popup';
    expect(
      errorsOf(manifest)
        .map((e) => e.path)
        .sort(),
    ).toEqual(['api[0].parameters.type', 'meta', 'ui.mode']);
  });
});

describe('URL policy', () => {
  const refused: [string, (m: Json) => void, ManifestIssue['code'], string][] = [
    ['api url that is not a URL', (m) => (m.api[0].url = 'not a url'), 'invalid-url', 'api[0].url'],
    ['relative api url', (m) => (m.api[0].url = '/api/v1'), 'invalid-url', 'api[0].url'],
    ['api url over plain http', (m) => (m.api[0].url = 'http://example.com/api'), 'insecure-url', 'api[0].url'],
    ['api url on file:', (m) => (m.api[0].url = 'file:///etc/passwd'), 'forbidden-scheme', 'api[0].url'],
    ['ui url on javascript:', (m) => (m.ui.url = 'javascript:alert(1)'), 'forbidden-scheme', 'ui.url'],
    ['ui url on disguised javascript:', (m) => (m.ui.url = ' JaVa\tScRiPt:alert(1)'), 'forbidden-scheme', 'ui.url'],
    ['ui url on chrome-extension:', (m) => (m.ui.url = 'chrome-extension://abcdef/panel.html'), 'forbidden-scheme', 'ui.url'],
    ['ui url on moz-extension:', (m) => (m.ui.url = 'moz-extension://abcdef/panel.html'), 'forbidden-scheme', 'ui.url'],
    ['ui url over plain http', (m) => (m.ui.url = 'http://weather.example/iframe'), 'insecure-url', 'ui.url'],
    ['gateway on data:', (m) => (m.gateway = 'data:text/html,<script>alert(1)</script>'), 'forbidden-scheme', 'gateway'],
    ['gateway over plain http', (m) => (m.gateway = 'http://gateway.example/api'), 'insecure-url', 'gateway'],
    ['openapi over plain http', (m) => (m.openapi = 'http://evil.example/openapi.json'), 'insecure-url', 'openapi'],
    ['homepage on javascript:', (m) => (m.homepage = 'javascript:alert(1)'), 'forbidden-scheme', 'homepage'],
    ['avatar on javascript:', (m) => (m.meta.avatar = 'javascript:alert(1)'), 'forbidden-scheme', 'meta.avatar'],
  ];

  it.each(refused)('refuses %s', (_name, mutate, code, path) => {
    const manifest = base();
    mutate(manifest);
    expectIssue(manifest, code, path);
  });

  const accepted: [string, (m: Json) => void][] = [
    ['http on localhost', (m) => (m.api[0].url = 'http://localhost:3400/api')],
    ['http on 127.0.0.1', (m) => (m.gateway = 'http://127.0.0.1:3400/api/gateway')],
    ['http on [::1]', (m) => (m.ui.url = 'http://[::1]:5173/')],
    ['an http homepage, which is only a link', (m) => (m.homepage = 'http://example.com')],
    ['an emoji avatar', (m) => (m.meta.avatar = '🌈')],
    ['an https avatar', (m) => (m.meta.avatar = 'https://example.com/logo.webp')],
  ];

  it.each(accepted)('accepts %s', (_name, mutate) => {
    const manifest = base();
    mutate(manifest);
    expect(validateManifest(manifest).ok).toBe(true);
  });
});

describe('duplicates', () => {
  it('refuses an identifier that is already installed', () => {
    expectIssue(base(), 'duplicate-identifier', 'identifier', { installedIdentifiers: ['clock-time', 'realtime-weather'] });
    expect(validateManifest(base(), { installedIdentifiers: ['clock-time'] }).ok).toBe(true);
  });

  it('refuses an API name used twice', () => {
    const manifest = base();
    manifest.api.push({ ...manifest.api[0] });
    expectIssue(manifest, 'duplicate-api-name', 'api[1].name');
  });
});

describe('hostile structure', () => {
  it.each(['__proto__', 'constructor', 'prototype'])('refuses the key %s anywhere', (key) => {
    const text = fixtureText('manifests/realtime-weather.json').replace('"city": {', `"${key}": {"type": "string"}, "city": {`);
    const result = parseManifestText(text);
    expect(result.ok ? [] : result.errors).toEqual([
      expect.objectContaining({ code: 'forbidden-key', path: `api[0].parameters.properties.${key}` }),
    ]);
  });

  it('refuses nesting deeper than 32 levels', () => {
    const manifest = base();
    let node: Json = manifest.meta;
    for (let i = 0; i < 40; i++) node = node.nested = {};
    const [issue] = errorsOf(manifest);
    expect(issue?.code).toBe('too-deep');
    expect(issue?.path.startsWith('meta.nested.nested')).toBe(true);
  });

  it('survives absurd nesting without overflowing the stack', () => {
    const text = `{"identifier":"x","meta":{},"api":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    const result = parseManifestText(text);
    expect(!result.ok && result.errors[0]?.code).toBe('too-deep');
  });
});

describe('schemas a tool call is validated against', () => {
  const withParameters = (properties: Json, extra: Json = {}) => {
    const manifest = base();
    manifest.api[0].parameters = { type: 'object', properties, ...extra };
    return manifest;
  };

  it.each([
    ['a backreference', '^(a)\\1$'],
    ['a lookahead', '^(?=a)a$'],
    ['a lookbehind', '(?<=a)b'],
    ['text that is no pattern at all', '(unclosed'],
  ])('refuses a pattern with %s, saying which', (_name, pattern) => {
    expectIssue(withParameters({ city: { type: 'string', pattern } }), 'unsafe-pattern', 'api[0].parameters.properties.city.pattern');
  });

  it('checks patternProperties keys and settings too', () => {
    expectIssue(
      withParameters({}, { patternProperties: { '(?!x)': {} } }),
      'unsafe-pattern',
      'api[0].parameters.patternProperties["(?!x)"]',
    );
    const manifest = base();
    manifest.settings = { type: 'object', properties: { key: { type: 'string', pattern: '(k)\\1' } } };
    expectIssue(manifest, 'unsafe-pattern', 'settings.properties.key.pattern');
  });

  it('accepts patterns that RE2 runs in linear time, exponential ones for backtracking included', () => {
    expect(validateManifest(withParameters({ w: { type: 'string', pattern: '^(a|a)*$' }, d: { pattern: '^\\d{4}-\\p{L}+$' } })).ok).toBe(
      true,
    );
  });

  it('refuses a schema that refers to itself', () => {
    expectIssue(withParameters({}, { $ref: '#' }), 'recursive-ref', 'api[0].parameters.$ref');
    expectIssue(withParameters({ a: { allOf: [{ $ref: '#' }] } }), 'recursive-ref', 'api[0].parameters.properties.a.allOf[0].$ref');
  });

  it('refuses a cycle through definitions', () => {
    const manifest = withParameters(
      { a: { $ref: '#/definitions/x' } },
      { definitions: { x: { anyOf: [{ $ref: '#/definitions/y' }] }, y: { not: { $ref: '#/definitions/x' } } } },
    );
    const issues = errorsOf(manifest);
    expect(issues.map((i) => i.code)).toEqual(['recursive-ref']);
    expect(issues[0]!.path).toMatch(/^api\[0\]\.parameters\.definitions\.[xy]\./);
  });

  it('refuses a cycle through $id, as the validator resolves it', () => {
    expectIssue(
      withParameters({}, { $id: 'https://schemas.example/p', allOf: [{ $ref: 'https://schemas.example/p' }] }),
      'recursive-ref',
      'api[0].parameters.allOf[0].$ref',
    );
  });

  it('refuses a reference to nothing', () => {
    expectIssue(withParameters({ a: { $ref: '#/definitions/missing' } }), 'invalid-value', 'api[0].parameters.properties.a.$ref');
  });

  it('accepts references that only share a definition', () => {
    const manifest = withParameters(
      { a: { $ref: '#/definitions/x' }, b: { $ref: '#/definitions/x' } },
      { definitions: { x: { type: 'string', pattern: '^x' } } },
    );
    expect(validateManifest(manifest).ok).toBe(true);
  });

  it('refuses references that multiply into billions of checks', () => {
    // Each definition uses the next one twice: 2^30 checks for one value, with no cycle anywhere.
    const definitions: Json = { d30: { type: 'string' } };
    for (let i = 0; i < 30; i++)
      definitions[`d${i}`] = { allOf: [{ $ref: `#/definitions/d${i + 1}` }, { $ref: `#/definitions/d${i + 1}` }] };
    const manifest = withParameters({ value: { $ref: '#/definitions/d0' } }, { definitions });
    expect(errorsOf(manifest)).toEqual([expect.objectContaining({ code: 'too-complex', path: 'api[0].parameters' })]);
  });

  it('leaves the manifest without annotations', () => {
    const manifest = withParameters({ a: { $ref: '#/definitions/x' } }, { definitions: { x: { type: 'string' } } });
    const result = validateManifest(manifest);
    expect(result.ok && Reflect.ownKeys(result.manifest.api[0]!.parameters.properties.a as object)).toEqual(['$ref']);
  });
});

describe('size', () => {
  it('refuses text over 1 MB before parsing it', () => {
    const text = fixtureText('manifests/realtime-weather.json').replace('获取当前天气情况', 'x'.repeat(MAX_MANIFEST_BYTES));
    const result = parseManifestText(text);
    expect(!result.ok && result.errors[0]?.code).toBe('too-large');
  });

  it('counts bytes, not characters', () => {
    // 400k three-byte characters: under 1M characters, over 1 MB of UTF-8.
    const text = fixtureText('manifests/realtime-weather.json').replace('获取当前天气情况', '天'.repeat(400_000));
    const result = parseManifestText(text);
    expect(!result.ok && result.errors[0]?.code).toBe('too-large');
  });

  it('honours the raw size it is given', () => {
    expectIssue(base(), 'too-large', '', { rawSize: MAX_MANIFEST_BYTES + 1 });
  });

  it('measures a parsed manifest when no raw size is given', () => {
    const manifest = base();
    manifest.api[0].description = 'x'.repeat(MAX_MANIFEST_BYTES);
    expectIssue(manifest, 'too-large', '');
  });

  it('reports text that is not JSON', () => {
    const result = parseManifestText('{"identifier": ');
    expect(!result.ok && result.errors[0]?.code).toBe('invalid-json');
  });
});
