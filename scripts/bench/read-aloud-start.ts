import { join } from 'node:path';
import type { ExtensionHarness } from '../../tests/e2e/support/extension';
import { servePages, type PageServer } from '../../tests/e2e/support/page-server';

type Recorder = typeof globalThis & { firstAudioAt?: number };

/** The reader bench's loopback page server, one for both builds of an A/B run. */
export function readAloudPages(root: string): Promise<PageServer> {
  // From the repository root: the bench runs bundled from elsewhere (.bench/).
  return servePages(join(root, 'tests/e2e/pages/reader'));
}

/** Installs the 'start' recorder; the worker may have restarted since, so this runs before each reading. */
async function recordFirstAudio(harness: ExtensionHarness): Promise<void> {
  await harness.evalInWorker(() => {
    const recorder = globalThis as Recorder;
    recorder.firstAudioAt = undefined;
    const tts = chrome.tts as unknown as { speak: typeof chrome.tts.speak; benchWrapped?: boolean };
    if (tts.benchWrapped) return;
    const speak = chrome.tts.speak.bind(chrome.tts);
    tts.speak = ((text: string, options: chrome.tts.TtsOptions = {}) =>
      speak(text, {
        ...options,
        onEvent: (event) => {
          if (event.type === 'start') recorder.firstAudioAt ??= Date.now();
          options.onEvent?.(event);
        },
      })) as typeof chrome.tts.speak;
    tts.benchWrapped = true;
  });
}

/**
 * Click on "Read page aloud" in the panel → the browser voice's first 'start' event, with the loopback article in front.
 * The clock starts at the click event itself: the panel is a background tab here, where Playwright's wait for the
 * button to be stable (animation frames, paused in a hidden tab) took up to 2 s before it clicked at all. In the
 * browser the side panel is beside the page, shown.
 */
export async function readAloudOnce(harness: ExtensionHarness, server: PageServer): Promise<number> {
  await harness.waitForVoices();
  await recordFirstAudio(harness);
  const panel = await harness.openSidePanelPage();
  const article = await harness.context.newPage();
  await article.goto(server.url('article.html'));
  await article.bringToFront();
  const button = panel.getByRole('button', { name: 'Read page aloud' });
  await button.waitFor();
  await panel.evaluate(() =>
    window.addEventListener('click', () => ((window as { clickedAt?: number }).clickedAt ??= Date.now()), { capture: true }),
  );
  await button.click();
  const clickedAt = await panel.evaluate(() => (window as { clickedAt?: number }).clickedAt!);
  const deadline = Date.now() + 30_000;
  let heard: number | undefined;
  while (heard === undefined && Date.now() < deadline) {
    heard = await harness.evalInWorker(() => (globalThis as Recorder).firstAudioAt);
    if (heard === undefined) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  if (heard === undefined) throw new Error('the reading never started');
  await panel.evaluate(() => chrome.runtime.sendMessage({ channel: 'parley', name: 'reader.control', payload: { action: 'stop' } }));
  await panel.close();
  await article.close();
  return heard - clickedAt;
}
