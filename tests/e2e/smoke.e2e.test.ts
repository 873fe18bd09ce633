import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchExtension, type ExtensionHarness } from './support/extension';

describe('built extension in Chromium', () => {
  let harness: ExtensionHarness;

  beforeAll(async () => {
    harness = await launchExtension();
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('runs its background service worker', async () => {
    expect(harness.serviceWorker.url()).toBe(harness.extensionUrl('background.js'));
    expect(await harness.evalInWorker(() => chrome.runtime.id)).toBe(harness.extensionId);
  });

  it('serves the side panel page', async () => {
    const page = await harness.openSidePanelPage();
    await expect.poll(() => page.title()).toBe('Parley');
    await page.close();
  });

  it('opens and closes the real side panel', async () => {
    const panel = await harness.openRealSidePanel();
    const contexts = await harness.sidePanelContexts();
    expect(contexts.map((c) => c.documentUrl)).toEqual([harness.extensionUrl('sidepanel.html')]);
    expect(await panel.evaluate(() => document.title)).toBe('Parley');

    await harness.closeRealSidePanel();
    expect(await harness.sidePanelContexts()).toEqual([]);
  });

  it('speaks through speech-dispatcher without sound hardware', async () => {
    const voices = await harness.waitForVoices();
    expect(voices.length).toBeGreaterThan(0);

    const events = await harness.evalInWorker(
      () =>
        new Promise<string[]>((resolve) => {
          const seen: string[] = [];
          setTimeout(() => resolve(seen), 5_000);
          chrome.tts.speak('Hello world.', {
            onEvent: (event) => {
              seen.push(event.type);
              if (['end', 'error', 'interrupted', 'cancelled'].includes(event.type)) resolve(seen);
            },
          });
        }),
    );
    expect(events.at(-1)).toBe('end');
  });

  it('comes back with a new service worker after a reload', async () => {
    const before = harness.serviceWorker;
    const after = await harness.reloadExtension();
    expect(after).not.toBe(before);
    expect(harness.serviceWorker).toBe(after);
    expect(await harness.evalInWorker(() => chrome.runtime.id)).toBe(harness.extensionId);

    const page = await harness.openSidePanelPage();
    await expect.poll(() => page.title()).toBe('Parley');
  });
});
