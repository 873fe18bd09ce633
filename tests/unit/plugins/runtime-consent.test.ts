import { describe, expect, it, vi } from 'vitest';
import type { ToolCall } from '../../../lib/core/chat';
import type { Conversation } from '../../../lib/core/conversation';
import { createConsentGate, DECLINED_RESULT } from '../../../lib/core/tool-consent';
import type { InstalledPlugin, ToolApprovalMode } from '../../../lib/core/plugins';
import { createPluginRuntime, STANDALONE_RESULT } from '../../../lib/plugins/runtime';
import type { ManifestName, PluginMock } from '../../mocks/plugin-server';
import { installedFrom, withPluginServer } from '../support/with-plugin-server';
import { aConversation } from '../support/conversation';

let server: PluginMock;
withPluginServer((started) => (server = started));

const installed = (name: ManifestName, approval?: ToolApprovalMode) => installedFrom(server, name, approval);

const chat = (id: string, extra: Partial<Conversation> = {}) => aConversation({ id, plugins: ['mock-weather', 'mock-clock'], ...extra });

let callCount = 0;
const weather = (city: string): ToolCall => ({
  id: `call-${++callCount}`,
  name: 'mock-weather____getWeather',
  arguments: JSON.stringify({ city }),
});

function setup(plugins: InstalledPlugin[]) {
  const consent = {
    alwaysAllow: vi.fn(async (identifier: string) => {
      const plugin = plugins.find((p) => p.identifier === identifier);
      if (plugin) plugin.approval = 'auto';
    }),
    allowInConversation: vi.fn(async () => undefined),
    announce: vi.fn(),
  };
  const runtime = createPluginRuntime({
    installed: async () => plugins,
    settings: async () => ({ apiKey: 'weather-key-123' }),
  });
  const gate = createConsentGate(consent);
  // Each call opens an answer of its own, as the first call of a turn.
  const tools = {
    execute: (conversation: Conversation, call: ToolCall, signal: AbortSignal) =>
      runtime.execute(conversation, call, signal, (request) => gate.turn(conversation, signal)(request, false)),
    pendingCalls: () => gate.pending(),
    decide: gate.decide,
  };
  return { tools, consent };
}

/** Resolves once a call is waiting for the user. */
async function waiting(tools: ReturnType<typeof setup>['tools'], count = 1) {
  await vi.waitFor(() => expect(tools.pendingCalls()).toHaveLength(count));
  return tools.pendingCalls().at(-1)!;
}

const signal = () => new AbortController().signal;

describe('asking the user before a plugin call', () => {
  it('holds the first call in a chat until the user allows it, showing plugin, tool, origin and arguments', async () => {
    const { tools, consent } = setup([installed('weather')]);
    const call = weather('Paris');
    const outcome = tools.execute(chat('c1'), call, signal());
    const pending = await waiting(tools);
    expect(pending).toMatchObject({
      conversationId: 'c1',
      callId: call.id,
      source: 'mock-weather',
      tool: 'getWeather',
      origin: server.origin,
      mode: 'ask',
      reason: 'ask',
    });
    expect(JSON.parse(pending.arguments)).toEqual({ city: 'Paris' });
    expect(consent.announce).toHaveBeenCalled();
    expect(server.apiCalls()).toHaveLength(0);

    tools.decide(pending.id, 'allow');
    expect((await outcome).result).toContain('Sunny');
    expect(server.apiCalls()).toHaveLength(1);
    expect(tools.pendingCalls()).toEqual([]);
    expect(consent.allowInConversation).toHaveBeenCalledWith('c1', 'mock-weather');
    expect(consent.alwaysAllow).not.toHaveBeenCalled();
  });

  it("runs later answers' first calls in the same chat, but asks again in another chat", async () => {
    const { tools } = setup([installed('weather')]);
    const first = tools.execute(chat('c1'), weather('Oslo'), signal());
    tools.decide((await waiting(tools)).id, 'allow');
    await first;
    for (const city of ['Rome', 'Lima']) expect((await tools.execute(chat('c1'), weather(city), signal())).isError).toBeUndefined();
    expect(server.apiCalls()).toHaveLength(3);

    const elsewhere = tools.execute(chat('c2'), weather('Bern'), signal());
    expect((await waiting(tools)).conversationId).toBe('c2');
    expect(server.apiCalls()).toHaveLength(3);
    tools.decide(tools.pendingCalls()[0]!.id, 'deny');
    await elsewhere;
  });

  it('trusts a chat the user allowed the plugin in before (kept with the conversation)', async () => {
    const { tools, consent } = setup([installed('weather')]);
    const outcome = await tools.execute(chat('c1', { allowedPlugins: ['mock-weather'] }), weather('Kyiv'), signal());
    expect(outcome.isError).toBeUndefined();
    expect(consent.announce).not.toHaveBeenCalled();
  });

  it('tells the model the user declined, without calling the plugin, and asks again next time', async () => {
    const { tools } = setup([installed('weather')]);
    const outcome = tools.execute(chat('c1'), weather('Paris'), signal());
    tools.decide((await waiting(tools)).id, 'deny');
    expect(await outcome).toEqual({ plugin: 'mock-weather', result: DECLINED_RESULT, isError: true });
    expect(server.apiCalls()).toHaveLength(0);

    const again = tools.execute(chat('c1'), weather('Paris'), signal());
    tools.decide((await waiting(tools)).id, 'deny');
    await again;
    expect(server.apiCalls()).toHaveLength(0);
  });

  it('"Always allow" switches the plugin to run automatically, in every chat', async () => {
    const { tools, consent } = setup([installed('weather')]);
    const outcome = tools.execute(chat('c1'), weather('Paris'), signal());
    tools.decide((await waiting(tools)).id, 'always');
    await outcome;
    expect(consent.alwaysAllow).toHaveBeenCalledWith('mock-weather');
    consent.announce.mockClear();
    expect((await tools.execute(chat('c9'), weather('Rome'), signal())).isError).toBeUndefined();
    expect(consent.announce).not.toHaveBeenCalled();
  });

  it('runs a plugin set to run automatically at once', async () => {
    const { tools, consent } = setup([installed('weather', 'auto')]);
    expect((await tools.execute(chat('c1'), weather('Paris'), signal())).result).toContain('Sunny');
    expect(consent.announce).not.toHaveBeenCalled();
  });

  it('stops cleanly while waiting: nothing is sent and nothing stays pending', async () => {
    const { tools } = setup([installed('weather')]);
    const controller = new AbortController();
    const outcome = tools.execute(chat('c1'), weather('Paris'), controller.signal);
    const pending = await waiting(tools);
    controller.abort();
    await expect(outcome).rejects.toThrow();
    expect(tools.pendingCalls()).toEqual([]);
    expect(() => tools.decide(pending.id, 'allow')).toThrow(/no longer waiting/);
    expect(server.apiCalls()).toHaveLength(0);
  });

  it('asks before a standalone plugin shows its UI, naming the origin the UI loads from', async () => {
    const { tools } = setup([installed('clock')]);
    const outcome = tools.execute(
      chat('c1'),
      { id: 'clock-1', name: 'mock-clock____showClock____standalone', arguments: '{"zone":"UTC"}' },
      signal(),
    );
    const pending = await waiting(tools);
    const ui = server.manifest('clock').ui as { url: string };
    expect(pending.origin).toBe(new URL(ui.url).origin);
    tools.decide(pending.id, 'allow');
    expect((await outcome).result).toBe(STANDALONE_RESULT);
  });

  it('does not ask about a call that would fail anyway (invalid arguments)', async () => {
    const { tools, consent } = setup([installed('weather')]);
    const outcome = await tools.execute(chat('c1'), { id: 'x', name: 'mock-weather____getWeather', arguments: '{}' }, signal());
    expect(outcome.isError).toBe(true);
    expect(consent.announce).not.toHaveBeenCalled();
  });
});
