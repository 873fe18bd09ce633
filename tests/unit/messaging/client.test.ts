import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { connectChat } from '../../../lib/messaging/client';
import type { PanelToBackground } from '../../../lib/messaging/protocol';

/** A port whose disconnect the test triggers, as the browser does when the worker stops. */
function fakePort() {
  const disconnected: (() => void)[] = [];
  return {
    posted: [] as PanelToBackground[],
    postMessage(m: PanelToBackground) {
      this.posted.push(m);
    },
    disconnect: vi.fn(),
    onMessage: { addListener: () => undefined },
    onDisconnect: { addListener: (l: () => void) => void disconnected.push(l) },
    drop: () => disconnected.forEach((l) => l()),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('connectChat', () => {
  it('reconnects shortly after the worker drops the port, and posts on the new port', async () => {
    vi.useFakeTimers();
    const ports = [fakePort(), fakePort()];
    const connect = vi.spyOn(fakeBrowser.runtime, 'connect').mockImplementation(() => ports[connect.mock.calls.length - 1] as never);
    const channel = connectChat(
      () => undefined,
      () => channel.post({ type: 'watch', conversationId: 'c1' }),
    );
    channel.post({ type: 'start', conversationId: 'c1', messageId: 'a1' });
    ports[0]!.drop();
    expect(connect).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(connect).toHaveBeenCalledTimes(2);
    expect(ports[1]!.posted).toEqual([{ type: 'watch', conversationId: 'c1' }]);
  });

  it('does not reconnect once closed', async () => {
    vi.useFakeTimers();
    const port = fakePort();
    const onReconnect = vi.fn();
    vi.spyOn(fakeBrowser.runtime, 'connect').mockImplementation(() => port as never);
    const channel = connectChat(() => undefined, onReconnect);
    channel.post({ type: 'stop', conversationId: 'c1' });
    port.drop();
    channel.close();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(onReconnect).not.toHaveBeenCalled();
  });
});
