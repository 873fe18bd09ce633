import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servePages, type PageServer } from './pages/page/serve';
import { launchExtension, type ExtensionHarness } from './support/extension';

/** A reading the background never started: what a hostile page's content script would claim. */
const FORGED = {
  channel: 'parley.event',
  event: { type: 'reader.state', state: { status: 'playing', index: 1, total: 9, text: 'Forged sentence from a page.', rate: 1 } },
};

describe('panel events only from the background', () => {
  let harness: ExtensionHarness;
  let pages: PageServer;
  let web: Page;
  let panel: Page;

  beforeAll(async () => {
    pages = await servePages();
    harness = await launchExtension();
    web = await harness.context.newPage();
    await web.goto(pages.url('second.html'));
    panel = await harness.openSidePanelPage();
    await panel.getByRole('button', { name: 'Read page aloud' }).waitFor();
  });

  afterAll(async () => {
    await harness?.close();
    await pages?.close();
  });

  it('ignores a reader.state sent by a content script, and believes the same from the background', async () => {
    const tabId = await harness.evalInWorker(async (url) => (await chrome.tabs.query({ url }))[0]!.id!, web.url());
    // An isolated-world content script has chrome.runtime, as a compromised or hostile extension script would.
    const [injected] = await harness.evalInWorker(
      ([id, envelope]) =>
        chrome.scripting.executeScript({
          target: { tabId: id },
          world: 'ISOLATED',
          args: [envelope],
          func: async (message: unknown) => {
            // Resolves once every extension page has run its listeners.
            await chrome.runtime.sendMessage(message).catch(() => undefined);
            return 'sent';
          },
        }),
      [tabId, FORGED] as const,
    );
    expect(injected?.result).toBe('sent');
    await panel.evaluate(() => new Promise((settled) => setTimeout(settled, 0)));
    expect(await panel.getByRole('button', { name: 'Read page aloud' }).count()).toBe(1);
    expect(await panel.getByText('Forged sentence from a page.').count()).toBe(0);

    // The same envelope from the service worker is an event the panel follows, so the check above could fail.
    await harness.evalInWorker((envelope) => chrome.runtime.sendMessage(envelope).catch(() => undefined), FORGED);
    await expect.poll(() => panel.getByText('Forged sentence from a page.').count()).toBe(1);
    expect(await panel.getByRole('button', { name: 'Read page aloud' }).count()).toBe(0);
  });
});
