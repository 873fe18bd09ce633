import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Browser } from 'wxt/browser';
import { onBroadcast } from '../../../lib/messaging/events';
import type { BroadcastEvent } from '../../../lib/messaging/protocol';
import { isBackgroundSender } from '../../../lib/messaging/senders';

const origin = `chrome-extension://${fakeBrowser.runtime.id}/`;
const forged: BroadcastEvent = {
  type: 'reader.state',
  state: { status: 'playing', index: 0, total: 3, text: 'Forged sentence.', rate: 1 },
};
const envelope = { channel: 'parley.event', event: forged };

const background: Browser.runtime.MessageSender = { id: fakeBrowser.runtime.id, url: `${origin}background.js` };
/** What Chrome reports for a content script: its tab and the web page's address. */
const contentScript: Browser.runtime.MessageSender = {
  id: fakeBrowser.runtime.id,
  url: 'https://evil.test/page.html',
  tab: { id: 7 } as Browser.tabs.Tab,
  frameId: 0,
};

function useManifest(background: { service_worker?: string; page?: string; scripts?: string[] }) {
  vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Parley', version: '1', background } as never);
}

beforeEach(() => {
  fakeBrowser.reset();
  useManifest({ service_worker: 'background.js' });
});

afterEach(() => vi.restoreAllMocks());

describe('onBroadcast', () => {
  it('hears the background', async () => {
    const heard: BroadcastEvent[] = [];
    onBroadcast((event) => heard.push(event));
    await fakeBrowser.runtime.onMessage.trigger(envelope, background, () => undefined);
    expect(heard).toEqual([forged]);
  });

  it('ignores the same event from a content script or another extension page', async () => {
    const heard: BroadcastEvent[] = [];
    onBroadcast((event) => heard.push(event));
    for (const sender of [
      contentScript,
      // A content script injected into one of our own pages still has a tab.
      { ...contentScript, url: `${origin}background.js` },
      { id: fakeBrowser.runtime.id, url: `${origin}sidepanel.html` },
      { id: fakeBrowser.runtime.id, url: `${origin}mic-permission.html`, tab: { id: 3 } as Browser.tabs.Tab },
      { id: 'another-extension', url: `${origin}background.js` },
      { id: fakeBrowser.runtime.id },
    ]) {
      await fakeBrowser.runtime.onMessage.trigger(envelope, sender, () => undefined);
    }
    expect(heard).toEqual([]);
  });

  it('stops hearing once unsubscribed', async () => {
    const heard: BroadcastEvent[] = [];
    onBroadcast((event) => heard.push(event))();
    await fakeBrowser.runtime.onMessage.trigger(envelope, background, () => undefined);
    expect(heard).toEqual([]);
  });
});

describe('isBackgroundSender', () => {
  it("knows Firefox's background page, declared or generated from scripts", () => {
    useManifest({ page: 'background.html' });
    expect(isBackgroundSender({ id: fakeBrowser.runtime.id, url: `${origin}background.html` })).toBe(true);
    useManifest({ scripts: ['background.js'] });
    expect(isBackgroundSender({ id: fakeBrowser.runtime.id, url: `${origin}_generated_background_page.html` })).toBe(true);
    expect(isBackgroundSender({ id: fakeBrowser.runtime.id, url: `${origin}background.js` })).toBe(false);
  });
});
