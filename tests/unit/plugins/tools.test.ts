import { describe, expect, it } from 'vitest';
import type { PluginManifest } from '../../../lib/core/plugins';
import { buildPluginTools, composePluginSystemRole, resolvePluginTool } from '../../../lib/plugins/tools';
import { parseManifestText } from '../../../lib/plugins/validate-manifest';
import { fixtureText } from './fixtures';

function manifest(fixture: string): PluginManifest {
  const result = parseManifestText(fixtureText(`manifests/${fixture}`));
  if (!result.ok) throw new Error(`${fixture} is invalid`);
  return result.manifest;
}

function synthetic(identifier: string, apiNames: string[]): PluginManifest {
  return {
    identifier,
    meta: {},
    type: 'default',
    api: apiNames.map((name) => ({ name, description: `does ${name}`, parameters: { type: 'object', properties: {} } })),
  };
}

/** OpenAI's and Bedrock's rule, plus Gemini's: the first character is a letter or underscore. */
const ACCEPTED_BY_EVERY_PROVIDER = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;

describe('tool names', () => {
  it("follow LobeChat's identifier____api____type convention where it fits", () => {
    const toolset = buildPluginTools([manifest('realtime-weather.json'), manifest('clock-time.json'), manifest('template-markdown.json')]);
    expect(toolset.definitions.map((d) => d.name)).toEqual([
      'realtime-weather____fetchCurrentWeather',
      'clock-time____getCurrentTime____standalone',
      'Bingsearch-identifier-markdown____recommendClothes____markdown',
    ]);
  });

  it('carry the API description and parameter schema', () => {
    const weather = manifest('realtime-weather.json');
    const [definition] = buildPluginTools([weather]).definitions;
    expect(definition).toEqual({
      name: 'realtime-weather____fetchCurrentWeather',
      description: '获取当前天气情况',
      parameters: weather.api[0]?.parameters,
    });
  });

  it.each([
    ['too long', 'a-plugin-identifier-that-goes-on-and-on-well-past-the-limit', 'searchEverythingEverywhere'],
    ['not ASCII', '天气.plugin v2', 'fetch weather'],
    ['starting with a digit', '0latency-memory', 'remember'],
  ])('are hashed into a valid name when the plain one is %s, and map back', (_why, identifier, apiName) => {
    const toolset = buildPluginTools([synthetic(identifier, [apiName])]);
    const name = toolset.definitions[0]?.name ?? '';
    expect(name).toMatch(ACCEPTED_BY_EVERY_PROVIDER);
    expect(resolvePluginTool(toolset, name)).toEqual({ identifier, apiName });
  });

  it('stay unique when two plugins would produce the same plain name', () => {
    const toolset = buildPluginTools([synthetic('a____b', ['c']), synthetic('a', ['b____c'])]);
    const [first, second] = toolset.definitions.map((d) => d.name);
    expect(first).not.toBe(second);
    expect(resolvePluginTool(toolset, first ?? '')).toEqual({ identifier: 'a____b', apiName: 'c' });
    expect(resolvePluginTool(toolset, second ?? '')).toEqual({ identifier: 'a', apiName: 'b____c' });
  });

  it('stay unique even for the same plugin listed twice', () => {
    const long = synthetic('x'.repeat(70), ['go']);
    const names = buildPluginTools([long, long]).definitions.map((d) => d.name);
    expect(new Set(names).size).toBe(2);
    for (const name of names) expect(name).toMatch(ACCEPTED_BY_EVERY_PROVIDER);
  });

  it('are the same every time for the same plugins', () => {
    const plugins = [manifest('bilibili.json'), synthetic('天气', ['查询'])];
    expect(buildPluginTools(plugins)).toEqual(buildPluginTools(plugins));
  });

  it('cover every API of every real manifest with valid, unique names', () => {
    const plugins = ['bilibili.json', 'calendar-assistant.json', 'google-cse.json', 'search-engine.json', 'website-crawler.json'].map(
      manifest,
    );
    const toolset = buildPluginTools(plugins);
    const names = toolset.definitions.map((d) => d.name);
    expect(names).toHaveLength(9);
    expect(new Set(names).size).toBe(9);
    for (const name of names) expect(name).toMatch(ACCEPTED_BY_EVERY_PROVIDER);
    expect(resolvePluginTool(toolset, 'bilibili____hotSearch')).toEqual({ identifier: 'bilibili', apiName: 'hotSearch' });
  });

  it('resolve to nothing for a name that was never offered', () => {
    expect(resolvePluginTool(buildPluginTools([manifest('bilibili.json')]), 'bilibili____deleteAccount')).toBeUndefined();
  });
});

describe('system role', () => {
  it('gathers the instructions of the plugins that have any, under their titles', () => {
    const text = composePluginSystemRole([manifest('realtime-weather.json'), manifest('template-markdown.json')]);
    expect(text).toBe(
      '## Plugins\n\n### Chat Plugin Bingsearch\n\n根据用户的心情，给用户推荐适合他穿的衣服，你需要知道他的性别后才进行推荐，否则推荐不准确。',
    );
  });

  it('uses the identifier when a plugin has no title', () => {
    const plugin = { ...synthetic('helper', ['go']), systemRole: '  Be brief.  ' };
    expect(composePluginSystemRole([plugin])).toBe('## Plugins\n\n### helper\n\nBe brief.');
  });

  it('is absent when no plugin has instructions', () => {
    expect(composePluginSystemRole([manifest('realtime-weather.json'), { ...synthetic('x', []), systemRole: ' ' }])).toBeUndefined();
  });
});
