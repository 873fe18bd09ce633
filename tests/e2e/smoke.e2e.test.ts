import { describe, expect, it } from 'vitest';
import { withExtension } from './support/suite';

describe('built extension in Chromium', () => {
  const suite = withExtension();

  it('runs its background service worker', async () => {
    expect(suite.harness.serviceWorker.url()).toBe(suite.harness.extensionUrl('background.js'));
    expect(await suite.harness.evalInWorker(() => chrome.runtime.id)).toBe(suite.harness.extensionId);
  });

  it('serves the side panel page', async () => {
    const page = await suite.harness.openSidePanelPage();
    await expect.poll(() => page.title()).toBe('Parley');
    await page.close();
  });

  it('opens and closes the real side panel', async () => {
    const panel = await suite.harness.openRealSidePanel();
    const contexts = await suite.harness.sidePanelContexts();
    expect(contexts.map((c) => c.documentUrl)).toEqual([suite.harness.extensionUrl('sidepanel.html')]);
    expect(await panel.evaluate(() => document.title)).toBe('Parley');

    await suite.harness.closeRealSidePanel();
    expect(await suite.harness.sidePanelContexts()).toEqual([]);
  });

  it('speaks through speech-dispatcher without sound hardware', async () => {
    const voices = await suite.harness.waitForVoices();
    expect(voices.length).toBeGreaterThan(0);

    const events = await suite.harness.evalInWorker(
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
    const before = suite.harness.serviceWorker;
    const after = await suite.harness.reloadExtension();
    expect(after).not.toBe(before);
    expect(suite.harness.serviceWorker).toBe(after);
    expect(await suite.harness.evalInWorker(() => chrome.runtime.id)).toBe(suite.harness.extensionId);

    const page = await suite.harness.openSidePanelPage();
    await expect.poll(() => page.title()).toBe('Parley');
  });
});
