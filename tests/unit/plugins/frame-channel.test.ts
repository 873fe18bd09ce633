import { describe, expect, it, vi } from 'vitest';
import { createFrameChannel, PLUGIN_CHANNEL, type PluginFrameHost } from '../../../lib/plugins/frame-channel';

const ORIGIN = 'https://clock.example';

function setup(type: 'standalone' | 'default' = 'standalone') {
  const frame = { postMessage: vi.fn() } as unknown as Window & { postMessage: ReturnType<typeof vi.fn> };
  const host: PluginFrameHost = {
    payload: { apiName: 'showClock', arguments: '{"zone":"UTC"}', identifier: 'clock', type },
    content: vi.fn(() => ({ time: '12:00' })),
    settings: vi.fn(async () => ({ label: 'Kitchen' })),
    saveSettings: vi.fn(),
    fillContent: vi.fn(),
  };
  const onMessage = createFrameChannel({ frame: () => frame, origin: ORIGIN, host });
  const send = (data: unknown, from: { source?: unknown; origin?: string } = {}) =>
    onMessage({ data, source: 'source' in from ? from.source : frame, origin: from.origin ?? ORIGIN } as MessageEvent);
  const flush = () => new Promise((r) => setTimeout(r, 0));
  return { frame, host, send, flush };
}

describe('plugin frame channel', () => {
  it('starts a standalone plugin with its payload and its own settings, replying to its exact origin', async () => {
    const { frame, send, flush } = setup();
    send({ type: PLUGIN_CHANNEL.readyForRender });
    await flush();
    const payload = { apiName: 'showClock', arguments: '{"zone":"UTC"}', identifier: 'clock', type: 'standalone' };
    expect(frame.postMessage).toHaveBeenCalledWith(
      { type: PLUGIN_CHANNEL.initStandalone, payload, props: payload, settings: { label: 'Kitchen' }, state: {} },
      ORIGIN,
    );
  });

  it('renders the result in a default plugin’s UI', () => {
    const { frame, send } = setup('default');
    send({ type: PLUGIN_CHANNEL.readyForRender });
    send({ type: PLUGIN_CHANNEL.fetchMessage });
    expect(frame.postMessage.mock.calls).toEqual([
      [{ type: PLUGIN_CHANNEL.renderPlugin, props: { content: { time: '12:00' } } }, ORIGIN],
      [{ type: PLUGIN_CHANNEL.renderPlugin, props: { content: { time: '12:00' } } }, ORIGIN],
    ]);
  });

  it('ignores a message from another window, even of the plugin’s origin', async () => {
    const { frame, host, send, flush } = setup();
    const other = { postMessage: vi.fn() };
    for (const type of Object.values(PLUGIN_CHANNEL))
      send({ type, content: 'forged', value: { label: 'forged' }, key: 'k' }, { source: other });
    send({ type: PLUGIN_CHANNEL.fillContent, content: 'forged' }, { source: null });
    await flush();
    expect(frame.postMessage).not.toHaveBeenCalled();
    expect(other.postMessage).not.toHaveBeenCalled();
    expect(host.fillContent).not.toHaveBeenCalled();
    expect(host.saveSettings).not.toHaveBeenCalled();
    expect(host.settings).not.toHaveBeenCalled();
  });

  it('ignores the plugin’s own window once it shows another origin', async () => {
    const { frame, host, send, flush } = setup();
    send({ type: PLUGIN_CHANNEL.fetchSettings }, { origin: 'https://evil.example' });
    send({ type: PLUGIN_CHANNEL.fillContent, content: 'x' }, { origin: 'null' });
    await flush();
    expect(frame.postMessage).not.toHaveBeenCalled();
    expect(host.fillContent).not.toHaveBeenCalled();
  });

  it('ignores messages that are not the channel’s', () => {
    const { frame, host, send } = setup();
    for (const data of [null, 'lobe-chat:plugin-ready-for-render', { type: 42 }, { type: 'lobe-chat:unknown' }]) send(data);
    expect(frame.postMessage).not.toHaveBeenCalled();
    expect(host.fillContent).not.toHaveBeenCalled();
  });

  it('passes settings, filled content and state through for the plugin’s own frame', async () => {
    const { frame, host, send, flush } = setup();
    send({ type: PLUGIN_CHANNEL.fetchSettings });
    await flush();
    expect(frame.postMessage).toHaveBeenLastCalledWith({ type: PLUGIN_CHANNEL.renderSettings, value: { label: 'Kitchen' } }, ORIGIN);

    send({ type: PLUGIN_CHANNEL.updateSettings, value: { label: 'Hall' } });
    send({ type: PLUGIN_CHANNEL.updateSettings, value: ['not', 'an', 'object'] });
    expect(host.saveSettings).toHaveBeenCalledTimes(1);
    expect(host.saveSettings).toHaveBeenCalledWith({ label: 'Hall' });

    send({ type: PLUGIN_CHANNEL.fillContent, content: { clock: 'done' } });
    send({ type: PLUGIN_CHANNEL.fillContent, content: 'x'.repeat(1024 * 1024 + 1) });
    expect(vi.mocked(host.fillContent).mock.calls).toEqual([['{"clock":"done"}']]);

    send({ type: PLUGIN_CHANNEL.updateState, key: 'count', value: 3 });
    send({ type: PLUGIN_CHANNEL.fetchState, key: 'count' });
    expect(frame.postMessage).toHaveBeenLastCalledWith({ type: PLUGIN_CHANNEL.renderState, key: 'count', value: 3 }, ORIGIN);
    for (const [, target] of frame.postMessage.mock.calls) expect(target).toBe(ORIGIN);
  });
});
