/**
 * Meta-tests: a provider kind or preset cannot be half added. Each needs an
 * adapter, an adapter-contract run in some test file here (for a named
 * OpenAI-compatible preset, its line in preset-lines.ts instead: the wire they
 * share runs the contract, presets.test.ts checks the line), a label in every
 * locale, and settings the form can render.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPENAI_PRESETS } from '../../../lib/core/provider-presets';
import { PROVIDER_KINDS } from '../../../lib/core/providers';
import { getAdapter } from '../../../lib/providers/registry';
import { PRESET_LINES } from './preset-lines';

const LOCALES = ['ar-SA', 'de-DE', 'en-US', 'es-ES', 'fr-FR', 'ja-JP', 'ko-KR', 'pt-BR', 'ru-RU', 'zh-CN', 'zh-TW'];
const localeDir = join(__dirname, '../../../lib/i18n/locales');
const testDir = __dirname;

/** A locale's strings as the app loads them: its section files, merged. */
function keysOf(locale: string): Set<string> {
  const keys = new Set<string>();
  const walk = (value: unknown, prefix: string) => {
    if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) walk(v, prefix ? `${prefix}.${k}` : k);
    else keys.add(prefix);
  };
  for (const file of readdirSync(join(localeDir, locale))) walk(JSON.parse(readFileSync(join(localeDir, locale, file), 'utf8')), '');
  return keys;
}

/** The names of every adapter-contract run written in this folder's test files. */
function contractRuns(): Set<string> {
  const runs = new Set<string>();
  for (const file of readdirSync(testDir).filter((f) => f.endsWith('.test.ts'))) {
    for (const m of readFileSync(join(testDir, file), 'utf8').matchAll(/runAdapterContract\(\s*'([^']+)'/g)) runs.add(m[1]!);
  }
  return runs;
}

const kinds = PROVIDER_KINDS.map((k) => k.kind);
const namedPresets: string[] = OPENAI_PRESETS.filter((p) => !('ownFields' in p)).map((p) => p.kind);

describe('provider conventions', () => {
  it('lists every preset as a provider kind', () => {
    expect(OPENAI_PRESETS.map((p) => p.kind).filter((k) => !kinds.includes(k))).toEqual([]);
  });

  it.each(kinds)('%s has an adapter of its own kind', (kind) => {
    expect(getAdapter(kind).kind).toBe(kind);
  });

  it.each(namedPresets)('%s has its line in preset-lines.ts', (kind) => {
    expect(PRESET_LINES).toHaveProperty([kind]);
  });

  it('has no preset line for anything but a named preset', () => {
    expect(Object.keys(PRESET_LINES).filter((k) => !namedPresets.includes(k))).toEqual([]);
  });

  it.each(kinds.filter((k) => k !== 'builtin' && !namedPresets.includes(k)))('%s runs the adapter contract in a test file', (kind) => {
    const runs = [...contractRuns()];
    expect(runs.some((name) => name === kind || name.startsWith(`${kind} `) || name.startsWith(`${kind}:`))).toBe(true);
  });

  it.each(LOCALES)('every provider kind has a label in %s', (locale) => {
    const keys = keysOf(locale);
    expect(kinds.filter((k) => !keys.has(`settings.kind.${k}`))).toEqual([]);
  });

  it.each(LOCALES)('every preset has a one-line description in %s', (locale) => {
    const keys = keysOf(locale);
    const presets = OPENAI_PRESETS.filter((p) => !('ownFields' in p)).map((p) => p.kind);
    expect([...presets, 'anthropic'].filter((k) => !keys.has(`settings.kindDescription.${k}`))).toEqual([]);
  });

  it.each(PROVIDER_KINDS.filter((k) => k.userAddable).map((k) => [k.kind, k] as const))(
    '%s has settings the form can render, with a credential or an address',
    (_kind, info) => {
      expect(info.fields.length).toBeGreaterThan(0);
      expect(info.fields.every((f) => ['text', 'url', 'secret', 'select', 'headers'].includes(f.type))).toBe(true);
      expect(info.fields.some((f) => f.type === 'secret' || f.type === 'url')).toBe(true);
    },
  );
});
