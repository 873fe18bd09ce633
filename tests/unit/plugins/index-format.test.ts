import { describe, expect, it } from 'vitest';
import { MAX_INDEX_BYTES, parsePluginIndex, parsePluginIndexText, type PluginIndex } from '../../../lib/plugins/index-format';
import { fixtureJson, fixtureText } from './fixtures';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function indexOf(input: unknown): PluginIndex {
  const result = parsePluginIndex(input);
  if (!result.ok) throw new Error(`index refused: ${JSON.stringify(result.errors)}`);
  return result.index;
}

/** The official index as lobe-chat-plugins' .build-index.mjs assembles it: { ...meta.json, plugins }. */
function officialIndex(): Json {
  return {
    schemaVersion: 1,
    plugins: [
      fixtureJson('index/entry-clock-time.json'),
      fixtureJson('index/entry-bilibili.json'),
      fixtureJson('index/entry-search-engine-legacy.json'),
    ],
  };
}

describe('real index documents', () => {
  it('reads a published market index', () => {
    const result = parsePluginIndexText(fixtureText('index/apistore-index.json'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.index.skipped).toEqual([]);
    expect(result.index.entries.map((e) => e.identifier)).toEqual([
      'research_paper_search',
      'serper_google_search',
      'website_seo_analysis',
      'website_content_scrape',
      'ai_tools_recommend',
      'pm_tools_recommend',
      'aipm_secret_gadget_0',
    ]);
    expect(result.index.entries[0]).toEqual({
      identifier: 'research_paper_search',
      manifestUrl: 'https://chat-plugin-apistore.theforage.cn/research_paper_search/manifest.json',
      title: 'Search Research Papers',
      description: 'Search for research papers within a specific field to find answers.',
      avatar: 'https://chat-plugin-apistore.theforage.cn/research_paper_search/logo.webp',
      tags: ['research', 'search'],
      author: 'theforage',
      homepage: 'https://www.theforage.cn',
      createdAt: undefined,
    });
  });

  it('reads entries of the official index, old and new spelling of the creation date', () => {
    const index = indexOf(officialIndex());
    expect(index.schemaVersion).toBe(1);
    expect(index.skipped).toEqual([]);
    expect(index.entries.map((e) => [e.identifier, e.createdAt, e.manifestUrl])).toEqual([
      ['clock-time', '2023-11-01', 'https://clock-time.chat-plugin.lobehub.com/manifest.json'],
      ['bilibili', '2024-01-27', 'https://bilibili.chat-plugin.lobehub.com/manifest.json'],
      ['search-engine', '2023-08-15', 'https://search-engine.chat-plugin.lobehub.com/manifest.json'],
    ]);
  });
});

describe('entries that are skipped', () => {
  const cases: [string, (entry: Json) => void, string, string][] = [
    ['no manifest url', (e) => delete e.manifest, 'missing-field', 'plugins[1].manifest'],
    ['no identifier', (e) => delete e.identifier, 'missing-field', 'plugins[1].identifier'],
    ['manifest over plain http', (e) => (e.manifest = 'http://evil.example/manifest.json'), 'insecure-url', 'plugins[1].manifest'],
    ['manifest on javascript:', (e) => (e.manifest = 'javascript:alert(1)'), 'forbidden-scheme', 'plugins[1].manifest'],
    ['manifest on data:', (e) => (e.manifest = 'data:application/json,{}'), 'forbidden-scheme', 'plugins[1].manifest'],
    ['homepage on javascript:', (e) => (e.homepage = 'javascript:alert(1)'), 'forbidden-scheme', 'plugins[1].homepage'],
    ['avatar on file:', (e) => (e.meta.avatar = 'file:///etc/passwd'), 'forbidden-scheme', 'plugins[1].meta.avatar'],
    ['tags not strings', (e) => (e.meta.tags = [1]), 'invalid-type', 'plugins[1].meta.tags[0]'],
    ['an identifier that is not a string', (e) => (e.identifier = 7), 'invalid-type', 'plugins[1].identifier'],
  ];

  it.each(cases)('skips an entry with %s and keeps the rest', (_name, mutate, code, path) => {
    const doc = officialIndex();
    mutate(doc.plugins[1]);
    const index = indexOf(doc);
    expect(index.entries.map((e) => e.identifier)).toEqual(['clock-time', 'search-engine']);
    expect(index.skipped).toContainEqual(expect.objectContaining({ code, path }));
  });

  it('skips an entry that is not an object', () => {
    const doc = officialIndex();
    doc.plugins[1] = 'bilibili';
    const index = indexOf(doc);
    expect(index.entries).toHaveLength(2);
    expect(index.skipped).toEqual([expect.objectContaining({ code: 'invalid-type', path: 'plugins[1]' })]);
  });

  it('keeps the first of two entries with the same identifier', () => {
    const doc = officialIndex();
    doc.plugins.push({ ...doc.plugins[0], manifest: 'https://impostor.example/manifest.json' });
    const index = indexOf(doc);
    expect(index.entries.filter((e) => e.identifier === 'clock-time').map((e) => e.manifestUrl)).toEqual([
      'https://clock-time.chat-plugin.lobehub.com/manifest.json',
    ]);
    expect(index.skipped).toEqual([expect.objectContaining({ code: 'duplicate-identifier', path: 'plugins[3].identifier' })]);
  });

  it('falls back to the identifier when an entry has no title', () => {
    const doc = officialIndex();
    delete doc.plugins[0].meta.title;
    expect(indexOf(doc).entries[0]?.title).toBe('clock-time');
  });
});

describe('documents that are refused', () => {
  it('without a plugin list', () => {
    const result = parsePluginIndex({ schemaVersion: 1 });
    expect(!result.ok && result.errors).toEqual([expect.objectContaining({ code: 'missing-field', path: 'plugins' })]);
  });

  it('with a plugin list that is not a list', () => {
    const result = parsePluginIndex({ schemaVersion: 1, plugins: {} });
    expect(!result.ok && result.errors).toEqual([expect.objectContaining({ code: 'invalid-type', path: 'plugins' })]);
  });

  it('with a prototype-polluting key anywhere', () => {
    const text = fixtureText('index/apistore-index.json').replace('"tags": ["seo", "analysis"]', '"__proto__": {"admin": true}');
    const result = parsePluginIndexText(text);
    expect(!result.ok && result.errors).toEqual([expect.objectContaining({ code: 'forbidden-key', path: 'plugins[2].meta.__proto__' })]);
  });

  it('when the text is too large', () => {
    const result = parsePluginIndexText(`{"plugins":[],"pad":"${'x'.repeat(MAX_INDEX_BYTES)}"}`);
    expect(!result.ok && result.errors[0]?.code).toBe('too-large');
  });

  it('when the text is not JSON', () => {
    const result = parsePluginIndexText('<html>not found</html>');
    expect(!result.ok && result.errors[0]?.code).toBe('invalid-json');
  });
});
