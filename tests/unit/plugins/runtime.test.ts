import { describe, expect, it, vi } from 'vitest';
import type { ToolCall } from '../../../lib/core/chat';
import type { InstalledPlugin } from '../../../lib/core/plugins';
import { createPluginRuntime, STANDALONE_RESULT, type BuiltinPlugin, type PluginRuntimeDeps } from '../../../lib/plugins/runtime';
import { decodePluginSettings } from '../../../lib/plugins/settings-header';
import { SETTINGS_HEADER, type ManifestName, type PluginMock } from '../../mocks/plugin-server';
import { installFakeClock, until } from '../support/fake-clock';
import { installedFrom, withPluginServer } from '../support/with-plugin-server';
import { allowAll } from '../support/permits';
import { aConversation } from '../support/conversation';

let server: PluginMock;
withPluginServer((started) => (server = started));

// Set to run automatically: waiting for the user is runtime-consent.test.ts's subject.
const installed = (name: ManifestName) => installedFrom(server, name, 'auto');

const conversation = (plugins: string[]) => aConversation({ id: 'c', plugins });

function runtime(plugins: InstalledPlugin[], extra: Partial<PluginRuntimeDeps> = {}) {
  const settings: Record<string, Record<string, unknown>> = {
    'mock-weather': { apiKey: 'weather-key-123', days: 3 },
    'mock-report': {},
    'mock-gateway': {},
  };
  const settingsRead = vi.fn(async (identifier: string) => settings[identifier] ?? {});
  return { settingsRead, tools: createPluginRuntime({ installed: async () => plugins, settings: settingsRead, ...extra }) };
}

const call = (name: string, args: unknown): ToolCall => ({
  id: 'call-1',
  name,
  arguments: typeof args === 'string' ? args : JSON.stringify(args),
});
const signal = () => new AbortController().signal;

describe('plugin tool definitions', () => {
  it('offers the APIs of enabled plugins only, with their system roles', async () => {
    const { tools } = runtime([installed('weather'), installed('report')]);
    const none = await tools.definitions(conversation([]));
    expect(none).toEqual({ tools: [], systemRole: undefined });

    const some = await tools.definitions(conversation(['mock-weather']));
    expect(some.tools.map((t) => t.name)).toEqual(['mock-weather____getWeather']);
    expect(some.tools[0]!.parameters).toMatchObject({ required: ['city'] });
    expect(some.systemRole).toContain('Use getWeather for every question about the weather.');

    const both = await tools.definitions(conversation(['mock-report', 'mock-weather', 'not-installed']));
    expect(both.tools.map((t) => t.name)).toEqual(['mock-weather____getWeather', 'mock-report____makeReport____markdown']);
  });

  it('offers nothing of a plugin the user switched off, even in a chat that turned it on', async () => {
    const { tools } = runtime([{ ...installed('weather'), enabled: false }, installed('report')]);
    const offered = await tools.definitions(conversation(['mock-report', 'mock-weather']));
    expect(offered.tools.map((t) => t.name)).toEqual(['mock-report____makeReport____markdown']);
  });
});

describe('plugin tools switched off', () => {
  it('offers only the APIs left on, and refuses a call to one switched off without reaching the plugin', async () => {
    const { tools } = runtime([{ ...installed('weather'), disabledTools: ['getWeather'] }, installed('report')]);
    const offered = await tools.definitions(conversation(['mock-report', 'mock-weather']));
    expect(offered.tools.map((t) => t.name)).toEqual(['mock-report____makeReport____markdown']);
    const outcome = await tools.execute(
      conversation(['mock-weather']),
      call('mock-weather____getWeather', { city: 'Paris' }),
      signal(),
      allowAll,
    );
    expect(outcome).toMatchObject({ isError: true, result: 'There is no tool named "mock-weather____getWeather" in this conversation.' });
    expect(server.apiCalls()).toHaveLength(0);
  });
});

describe('plugin tool calls', () => {
  it('returns invalid arguments to the model as an error without calling the plugin', async () => {
    const { tools, settingsRead } = runtime([installed('weather')]);
    const outcome = await tools.execute(
      conversation(['mock-weather']),
      call('mock-weather____getWeather', { town: 'Paris' }),
      signal(),
      allowAll,
    );
    expect(outcome).toMatchObject({ isError: true, plugin: 'mock-weather' });
    expect(outcome.result).toMatch(/Invalid tool arguments.*city/);
    const broken = await tools.execute(conversation(['mock-weather']), call('mock-weather____getWeather', '{"city": '), signal(), allowAll);
    expect(broken.result).toMatch(/not valid JSON/);
    expect(server.apiCalls()).toHaveLength(0);
    expect(settingsRead).not.toHaveBeenCalled();
  });

  it("POSTs to the API url with the plugin's own settings header and returns the answer", async () => {
    const { tools, settingsRead } = runtime([installed('weather'), installed('report')]);
    const outcome = await tools.execute(
      conversation(['mock-weather', 'mock-report']),
      call('mock-weather____getWeather', { city: 'Paris' }),
      signal(),
      allowAll,
    );
    expect(outcome).toEqual({
      plugin: 'mock-weather',
      result: JSON.stringify({ city: 'Paris', forecast: 'Sunny and 21 °C', source: 'mock-weather' }),
    });
    const [request] = server.apiCalls();
    expect(request!.path).toBe('/api/weather');
    expect(request!.body).toEqual({ city: 'Paris' });
    // Schema defaults fill what the user left unset.
    expect(decodePluginSettings(request!.headers[SETTINGS_HEADER] as string)).toEqual({
      units: 'metric',
      apiKey: 'weather-key-123',
      days: 3,
    });
    expect(settingsRead.mock.calls).toEqual([['mock-weather']]);
    expect(request!.headers.cookie).toBeUndefined();
  });

  it('sends no settings header to a plugin without settings', async () => {
    const { tools } = runtime([installed('report')]);
    await tools.execute(conversation(['mock-report']), call('mock-report____makeReport____markdown', { topic: 'q3' }), signal(), allowAll);
    expect(server.apiCalls()[0]!.headers[SETTINGS_HEADER]).toBeUndefined();
  });

  it("sends LobeChat's gateway request when the manifest names a gateway", async () => {
    const { tools } = runtime([installed('gateway')]);
    const outcome = await tools.execute(
      conversation(['mock-gateway']),
      call('mock-gateway____lookUp', { term: 'tea' }),
      signal(),
      allowAll,
    );
    const [request] = server.apiCalls();
    expect(request!.path).toBe('/api/gateway');
    expect(request!.body).toMatchObject({ apiName: 'lookUp', arguments: '{"term":"tea"}', identifier: 'mock-gateway', type: 'default' });
    expect(JSON.parse(outcome.result)).toEqual({ via: 'gateway', apiName: 'lookUp', arguments: '{"term":"tea"}' });
  });

  it('gives up after the timeout and tells the model', async () => {
    const { tools } = runtime([installed('weather')], { timeoutMs: 300 });
    server.nextApiReply({ kind: 'hang' });
    installFakeClock();
    let outcome;
    try {
      const before = server.apiCalls().length;
      const pending = tools.execute(
        conversation(['mock-weather']),
        call('mock-weather____getWeather', { city: 'Oslo' }),
        signal(),
        allowAll,
      );
      await until(() => server.apiCalls().length > before);
      await vi.advanceTimersByTimeAsync(300);
      outcome = await pending;
    } finally {
      vi.useRealTimers();
    }
    expect(outcome).toMatchObject({ isError: true, plugin: 'mock-weather' });
    expect(outcome.result).toContain('did not answer within 300 ms');
  });

  it('stops reading a response past the size limit', async () => {
    const { tools } = runtime([installed('weather')], { maxBytes: 100_000 });
    server.nextApiReply({ kind: 'bytes', size: 400_000 });
    const outcome = await tools.execute(
      conversation(['mock-weather']),
      call('mock-weather____getWeather', { city: 'Rome' }),
      signal(),
      allowAll,
    );
    expect(outcome).toMatchObject({ isError: true, plugin: 'mock-weather' });
    expect(outcome.result).toContain('exceeds 100000 bytes');
  });

  it('never follows a redirect with the settings header', async () => {
    const { tools } = runtime([installed('weather')]);
    server.nextApiReply({ kind: 'redirect', location: `${server.foreignOrigin}/steal` });
    const outcome = await tools.execute(
      conversation(['mock-weather']),
      call('mock-weather____getWeather', { city: 'Lima' }),
      signal(),
      allowAll,
    );
    expect(outcome.isError).toBe(true);
    expect(outcome.result).toContain('redirect');
    expect(server.apiCalls()).toHaveLength(1);
  });

  it("reports the plugin's error answer to the model", async () => {
    const { tools } = runtime([installed('weather')]);
    server.nextApiReply({ kind: 'json', status: 401, body: { errorType: 'PluginSettingsInvalid', body: {} } });
    const outcome = await tools.execute(
      conversation(['mock-weather']),
      call('mock-weather____getWeather', { city: 'Kyiv' }),
      signal(),
      allowAll,
    );
    expect(outcome).toMatchObject({ isError: true, plugin: 'mock-weather' });
    expect(outcome.result).toContain('401');
  });

  it('returns a markdown plugin’s text as it is, for the model and for rendering', async () => {
    const { tools } = runtime([installed('report')]);
    const outcome = await tools.execute(
      conversation(['mock-report']),
      call('mock-report____makeReport____markdown', { topic: 'sales' }),
      signal(),
      allowAll,
    );
    expect(outcome).toEqual({ plugin: 'mock-report', result: '## Report on sales\n\n- **Status:** all good\n- Checked by mock-report' });
  });

  it('calls no API for a standalone plugin: its UI takes over', async () => {
    const { tools } = runtime([installed('clock')]);
    const outcome = await tools.execute(
      conversation(['mock-clock']),
      call('mock-clock____showClock____standalone', { zone: 'UTC' }),
      signal(),
      allowAll,
    );
    expect(outcome).toEqual({ plugin: 'mock-clock', result: STANDALONE_RESULT });
    expect(server.apiCalls()).toHaveLength(0);
    const invalid = await tools.execute(
      conversation(['mock-clock']),
      call('mock-clock____showClock____standalone', {}),
      signal(),
      allowAll,
    );
    expect(invalid.isError).toBe(true);
  });

  it('refuses to call with required settings missing', async () => {
    const { tools } = runtime([installed('weather')], { settings: async () => ({}) });
    const outcome = await tools.execute(
      conversation(['mock-weather']),
      call('mock-weather____getWeather', { city: 'Bern' }),
      signal(),
      allowAll,
    );
    expect(outcome).toMatchObject({ isError: true, plugin: 'mock-weather' });
    expect(outcome.result).toContain('apiKey');
    expect(server.apiCalls()).toHaveLength(0);
  });

  it('refuses an origin the user did not approve', async () => {
    const plugin = { ...installed('weather'), origins: ['https://elsewhere.example'] };
    const { tools } = runtime([plugin]);
    const outcome = await tools.execute(
      conversation(['mock-weather']),
      call('mock-weather____getWeather', { city: 'Bern' }),
      signal(),
      allowAll,
    );
    expect(outcome.result).toContain('not among the origins approved');
    expect(server.apiCalls()).toHaveLength(0);
  });

  it('answers a tool that is not enabled with an error', async () => {
    const { tools } = runtime([installed('weather')]);
    const outcome = await tools.execute(conversation([]), call('mock-weather____getWeather', { city: 'Bern' }), signal(), allowAll);
    expect(outcome).toEqual({
      isError: true,
      plugin: undefined,
      result: 'There is no tool named "mock-weather____getWeather" in this conversation.',
    });
  });

  it('rethrows when the answer is stopped', async () => {
    const { tools } = runtime([installed('weather')]);
    server.nextApiReply({ kind: 'hang' });
    const controller = new AbortController();
    const pending = tools.execute(
      conversation(['mock-weather']),
      call('mock-weather____getWeather', { city: 'Bern' }),
      controller.signal,
      allowAll,
    );
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toThrow();
  });

  it('runs a built-in plugin with validated arguments', async () => {
    const run = vi.fn(async (apiName: string, args: Record<string, unknown>) => `${apiName}:${JSON.stringify(args)}`);
    const builtin: BuiltinPlugin = {
      manifest: {
        identifier: 'builtin-echo',
        type: 'default',
        meta: {},
        api: [
          { name: 'echo', description: 'Echo', parameters: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] } },
        ],
      },
      run,
    };
    const { tools } = runtime([], { builtins: [builtin] });
    expect((await tools.definitions(conversation([]))).tools).toEqual([]);
    expect((await tools.definitions(conversation(['builtin-echo']))).tools.map((t) => t.name)).toEqual(['builtin-echo____echo']);
    expect(await tools.execute(conversation(['builtin-echo']), call('builtin-echo____echo', { n: 'x' }), signal(), allowAll)).toMatchObject(
      {
        isError: true,
      },
    );
    expect(run).not.toHaveBeenCalled();
    expect(await tools.execute(conversation(['builtin-echo']), call('builtin-echo____echo', { n: 2 }), signal(), allowAll)).toEqual({
      plugin: 'builtin-echo',
      result: 'echo:{"n":2}',
    });
  });
});
