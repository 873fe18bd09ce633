import { describe, expect, it } from 'vitest';
import type { PluginParameters } from '../../../lib/core/plugins';
import {
  checkPluginSettings,
  decodeSettings,
  encodeSettings,
  meetsSettingRules,
  missingSettings,
  parseSettingInput,
  settingFields,
  visibleSettings,
  withDefaults,
} from '../../../lib/plugins/settings-form';

const schema: PluginParameters = {
  type: 'object',
  properties: {
    API_KEY: { type: 'string', title: 'API key', description: 'From your dashboard' },
    units: { type: 'string', enum: ['metric', 'imperial'], default: 'metric' },
    limit: { type: 'integer' },
    ratio: { type: 'number' },
    safe: { type: 'boolean', default: true },
    extra: { type: 'object' },
  },
  required: ['API_KEY'],
};

describe('settings form', () => {
  it('describes a field per property', () => {
    expect(settingFields(schema)).toEqual([
      { key: 'API_KEY', kind: 'string', title: 'API key', description: 'From your dashboard', required: true, secret: true },
      {
        key: 'units',
        kind: 'enum',
        title: undefined,
        description: undefined,
        required: false,
        secret: false,
        options: ['metric', 'imperial'],
        defaultValue: 'metric',
      },
      { key: 'limit', kind: 'integer', title: undefined, description: undefined, required: false, secret: false },
      { key: 'ratio', kind: 'number', title: undefined, description: undefined, required: false, secret: false },
      { key: 'safe', kind: 'boolean', title: undefined, description: undefined, required: false, secret: false, defaultValue: true },
      { key: 'extra', kind: 'json', title: undefined, description: undefined, required: false, secret: false },
    ]);
    expect(settingFields(undefined)).toEqual([]);
  });

  it('turns typed text into typed values, naming what is wrong', () => {
    const [key, units, limit, ratio, safe, extra] = settingFields(schema);
    expect(parseSettingInput(key!, ' k ')).toEqual({ ok: true, value: ' k ' });
    expect(parseSettingInput(units!, 'imperial')).toEqual({ ok: true, value: 'imperial' });
    expect(parseSettingInput(units!, 'kelvin')).toEqual({ ok: false, problem: 'enum' });
    expect(parseSettingInput(limit!, '5')).toEqual({ ok: true, value: 5 });
    expect(parseSettingInput(limit!, '5.5')).toEqual({ ok: false, problem: 'integer' });
    expect(parseSettingInput(ratio!, '0.25')).toEqual({ ok: true, value: 0.25 });
    expect(parseSettingInput(ratio!, 'abc')).toEqual({ ok: false, problem: 'number' });
    expect(parseSettingInput(safe!, 'false')).toEqual({ ok: true, value: false });
    expect(parseSettingInput(safe!, 'no')).toEqual({ ok: false, problem: 'boolean' });
    expect(parseSettingInput(extra!, '{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseSettingInput(extra!, '{')).toEqual({ ok: false, problem: 'json' });
  });

  it('validates complete settings against the schema', () => {
    expect(checkPluginSettings(schema, withDefaults(schema, { API_KEY: 'k' }))).toEqual({
      ok: true,
      settings: { units: 'metric', safe: true, API_KEY: 'k' },
    });
    const missing = checkPluginSettings(schema, withDefaults(schema, {}));
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.issues[0]!.message).toContain('API_KEY');
    const wrong = checkPluginSettings(schema, { API_KEY: 'k', limit: 'many' });
    expect(wrong).toMatchObject({ ok: false, issues: [{ path: 'limit' }] });
  });

  it('keeps secret only what the schema or the name marks as secret', () => {
    const marked: PluginParameters = {
      type: 'object',
      properties: {
        pin: { type: 'string', format: 'password' },
        hidden: { type: 'string', writeOnly: true },
        accessToken: { type: 'string' },
        city: { type: 'string', title: 'Home city' },
        units: { type: 'string' },
      },
      required: ['city'],
    };
    expect(settingFields(marked).map((f) => [f.key, f.secret])).toEqual([
      ['pin', true],
      ['hidden', true],
      ['accessToken', true],
      ['city', false],
      ['units', false],
    ]);
    const saved = { pin: '1234', hidden: 'h', accessToken: 't', city: 'Oslo' };
    expect(visibleSettings(marked, saved)).toEqual({ city: 'Oslo' });
    expect(missingSettings(marked, {})).toEqual(['city']);
    expect(missingSettings(marked, saved)).toEqual([]);
    // A default fills a required setting.
    expect(missingSettings(schema, {})).toEqual(['API_KEY']);
  });

  it('checks one value against its own property rules', () => {
    const ruled: PluginParameters = {
      type: 'object',
      properties: { days: { type: 'integer', minimum: 1, maximum: 7 }, code: { type: 'string', pattern: '^[A-Z]{3}$' } },
    };
    expect(meetsSettingRules(ruled, 'days', 3)).toBe(true);
    expect(meetsSettingRules(ruled, 'days', 9)).toBe(false);
    expect(meetsSettingRules(ruled, 'code', 'EUR')).toBe(true);
    expect(meetsSettingRules(ruled, 'code', 'euro')).toBe(false);
  });

  it('keeps values typed through the vault’s strings', () => {
    const values = { API_KEY: 'k', limit: 5, safe: false, extra: { a: [1] } };
    expect(decodeSettings(encodeSettings(values))).toEqual(values);
  });
});
