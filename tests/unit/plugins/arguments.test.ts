import { describe, expect, it } from 'vitest';
import { MAX_ARGUMENT_CHARS, parseToolArguments } from '../../../lib/plugins/arguments';
import type { PluginManifest, PluginParameters } from '../../../lib/core/plugins';
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

  it('refuse 10,000-deep nesting for its depth, before the validator walks it', () => {
    const deep = `{"city":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`;
    expect(issuesOf(deep, weather).error).toMatch(/exceeds 32 levels/);
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

describe('schema patterns', () => {
  const EXPONENTIAL = '^(a|a)*$';
  /** 40 characters: a backtracking engine needs about 2^40 steps (hours) to refuse this. */
  const CRAFTED = `${'a'.repeat(39)}!`;
  const hostile: PluginParameters = {
    type: 'object',
    properties: { word: { type: 'string', pattern: EXPONENTIAL } },
    patternProperties: { [EXPONENTIAL]: { type: 'string' } },
  };

  /**
   * Stands in for the native engine: any schema pattern reaching it fails the
   * call instead of hanging the test, which is what the old code would have done.
   */
  function withNativeRegExpForbidden(run: () => void) {
    const native = globalThis.RegExp;
    const seen: string[] = [];
    globalThis.RegExp = new Proxy(native, {
      construct(target, args: [string, string?]) {
        seen.push(String(args[0]));
        if (String(args[0]) === EXPONENTIAL) throw new Error('a schema pattern reached the backtracking engine');
        return new target(...args);
      },
    });
    try {
      run();
    } finally {
      globalThis.RegExp = native;
    }
    expect(seen).not.toContain(EXPONENTIAL);
  }

  it('judge a crafted 40-character value without the backtracking engine', () => {
    withNativeRegExpForbidden(() => {
      expect(issuesOf(JSON.stringify({ word: CRAFTED }), hostile).issues).toEqual([
        { path: 'word', message: 'String does not match pattern.' },
      ]);
      expect(parseToolArguments(JSON.stringify({ word: 'a'.repeat(40) }), hostile).ok).toBe(true);
    });
  });

  it('apply to property names with patternProperties', () => {
    withNativeRegExpForbidden(() => {
      expect(parseToolArguments(JSON.stringify({ [CRAFTED]: 1 }), hostile).ok).toBe(true);
      expect(issuesOf(JSON.stringify({ aaaa: 1 }), hostile).issues).toEqual([{ path: 'aaaa', message: expect.any(String) }]);
    });
  });

  it('leave the global RegExp as it was, even when validation throws', () => {
    const native = globalThis.RegExp;
    const parameters: PluginParameters = { type: 'object', properties: { a: { type: 'string', pattern: '(?=a)a' } } };
    expect(issuesOf('{"a":"a"}', parameters).error).toMatch(/cannot be applied/);
    expect(globalThis.RegExp).toBe(native);
    expect(/a+/.test('aa')).toBe(true);
  });

  it('check format "url" in linear time, whose own regex takes minutes on a crafted value', () => {
    const parameters: PluginParameters = { type: 'object', properties: { link: { type: 'string', format: 'url' } } };
    expect(parseToolArguments(JSON.stringify({ link: `http://${'a'.repeat(40)}_` }), parameters).ok).toBe(true);
    expect(issuesOf(JSON.stringify({ link: `${'a'.repeat(40)}_` }), parameters).issues).toEqual([
      { path: 'link', message: expect.any(String) },
    ]);
    expect(issuesOf(JSON.stringify({ link: 'javascript:alert(1)' }), parameters).issues).toHaveLength(1);
    expect(parseToolArguments('{"link":"https://example.com/a?b=c"}', parameters).ok).toBe(true);
  });

  it('check format "regex" with RE2 as well', () => {
    const parameters: PluginParameters = { type: 'object', properties: { re: { type: 'string', format: 'regex' } } };
    expect(parseToolArguments('{"re":"^[a-z]+$"}', parameters).ok).toBe(true);
    expect(issuesOf(JSON.stringify({ re: '(a)\\1' }), parameters).issues).toEqual([{ path: 're', message: expect.any(String) }]);
  });
});
