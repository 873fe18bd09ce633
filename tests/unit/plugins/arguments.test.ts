import { describe, expect, it } from 'vitest';
import { MAX_ARGUMENT_CHARS, parseToolArguments } from '../../../lib/plugins/arguments';
import type { PluginManifest, PluginParameters } from '../../../lib/plugins/manifest';
import { fixtureJson } from './fixtures';

const paramsOf = (fixture: string): PluginParameters => {
  const api = fixtureJson<PluginManifest>(`manifests/${fixture}`).api[0];
  if (!api) throw new Error(`${fixture} has no api`);
  return api.parameters;
};

const weather = paramsOf('realtime-weather.json');
const calendar = paramsOf('calendar-assistant.json');
const clock = paramsOf('clock-time.json');

const nested: PluginParameters = {
  type: 'object',
  properties: {
    count: { type: 'integer', minimum: 1 },
    tags: { type: 'array', items: { type: 'string' } },
  },
  required: ['count'],
};

function issuesOf(text: string, parameters: PluginParameters) {
  const result = parseToolArguments(text, parameters);
  if (result.ok) throw new Error('expected the arguments to be refused');
  return result;
}

describe('valid arguments', () => {
  it('come back parsed', () => {
    expect(parseToolArguments('{"city":"柏林"}', weather)).toEqual({ ok: true, args: { city: '柏林' } });
  });

  it('may be an empty string for an API without parameters', () => {
    expect(parseToolArguments('', clock)).toEqual({ ok: true, args: {} });
    expect(parseToolArguments('  ', clock)).toEqual({ ok: true, args: {} });
  });

  it('ignore keywords a validator does not know, as real manifests use them', () => {
    expect(parseToolArguments('{"action":"list"}', calendar).ok).toBe(true);
  });
});

describe('invalid arguments', () => {
  it('name a missing required property', () => {
    const { issues, error } = issuesOf('{}', weather);
    expect(issues).toEqual([{ path: '', message: expect.stringContaining('"city"') }]);
    expect(error).toContain('city');
  });

  it('point at a value of the wrong type', () => {
    expect(issuesOf('{"city":42}', weather).issues).toEqual([{ path: 'city', message: expect.stringContaining('string') }]);
  });

  it('point at a value outside an enum', () => {
    expect(issuesOf('{"action":"explode"}', calendar).issues).toEqual([{ path: 'action', message: expect.any(String) }]);
  });

  it('list every failure, with paths into arrays', () => {
    const { issues } = issuesOf('{"count":0,"tags":["a",3]}', nested);
    expect(issues.map((i) => i.path)).toEqual(['count', 'tags[1]']);
  });

  it('must be JSON', () => {
    expect(issuesOf('{"city": "Berl', weather).error).toMatch(/not valid JSON/);
  });

  it.each(['[]', 'null', '"Berlin"', '42'])('must be an object, not %s', (text) => {
    expect(issuesOf(text, weather).error).toMatch(/must be a JSON object/);
  });

  it('refuse prototype-polluting keys', () => {
    expect(issuesOf('{"city":"Berlin","__proto__":{"admin":true}}', weather).issues).toEqual([
      { path: '__proto__', message: expect.stringContaining('__proto__') },
    ]);
  });

  it('refuse runaway sizes', () => {
    expect(issuesOf(`{"city":"${'x'.repeat(MAX_ARGUMENT_CHARS)}"}`, weather).error).toMatch(/exceed/);
  });
});

describe('the parameter schema', () => {
  it('is left exactly as it was', () => {
    const parameters: PluginParameters = {
      type: 'object',
      properties: { a: { $ref: '#/definitions/x' } },
      definitions: { x: { type: 'string' } },
    };
    const before = JSON.stringify(parameters);
    const ownKeys = Reflect.ownKeys(parameters);
    expect(parseToolArguments('{"a":"ok"}', parameters).ok).toBe(true);
    expect(parseToolArguments('{"a":1}', parameters).ok).toBe(false);
    expect(JSON.stringify(parameters)).toBe(before);
    expect(Reflect.ownKeys(parameters)).toEqual(ownKeys);
  });

  it('that cannot be applied yields an error, not an exception', () => {
    const parameters: PluginParameters = { type: 'object', properties: { a: { $ref: 'https://elsewhere.example/schema.json' } } };
    expect(issuesOf('{"a":1}', parameters).error).toMatch(/cannot be applied/);
  });
});
