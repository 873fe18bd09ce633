import type { ExtensionHarness } from '../../tests/e2e/support/extension';
import { fileSize, type Size } from './file-sizes';
import { inQuietBrowser, type WorkerVersion } from './quiet-browser';

/** The background worker's bundle, raw and gzip, in bytes. */
export function workerBundle(extensionDir: string): Size {
  return fileSize(extensionDir, 'background.js');
}

/** Evaluated in an extension page: how long the worker takes to answer one message. */
async function firstReply(): Promise<number> {
  const at = performance.now();
  await chrome.runtime.sendMessage({ channel: 'parley', name: 'providers.list', payload: {} });
  return performance.now() - at;
}

/**
 * Stops the background worker (CDP ServiceWorker.stopWorker, as the browser
 * does to an idle one) and times, from an extension page, how long the first
 * message then takes to be answered: the worker's start-up plus one reply.
 * Playwright has a debugger on the worker here, which slows its start-up
 * (quiet-browser.ts says how); the bench prints this beside workerStarts.
 */
export async function workerStartUnderDebugger(harness: ExtensionHarness): Promise<number> {
  const page = await harness.context.newPage();
  await page.goto(harness.extensionUrl('manifest.json'));
  const cdp = await harness.context.newCDPSession(page);
  const script = harness.extensionUrl('background.js');
  const status = new Map<string, string>();
  cdp.on('ServiceWorker.workerVersionUpdated', (e: { versions: WorkerVersion[] }) => {
    for (const v of e.versions) if (v.scriptURL === script) status.set(v.versionId, v.runningStatus);
  });
  await cdp.send('ServiceWorker.enable');
  const deadline = Date.now() + 10_000;
  const running = () => [...status].find(([, s]) => s === 'running')?.[0];
  while (!running() && Date.now() < deadline) await page.waitForTimeout(20);
  const versionId = running();
  if (!versionId) throw new Error('the background worker is not running');
  await cdp.send('ServiceWorker.stopWorker', { versionId });
  while (status.get(versionId) !== 'stopped' && Date.now() < deadline) await page.waitForTimeout(20);
  if (status.get(versionId) !== 'stopped') throw new Error('the background worker did not stop');
  const ms = await page.evaluate(firstReply);
  await cdp.detach();
  await page.close();
  return ms;
}

/** The same, `runs` times, in a browser with no debugger attached to the worker (quiet-browser.ts says why). */
export async function workerStarts(extensionDir: string, runs: number): Promise<number[]> {
  return inQuietBrowser(extensionDir, undefined, async (browser) => {
    const tab = await browser.control();
    const starts: number[] = [];
    for (let i = 0; i < runs; i++) {
      await browser.stopWorker();
      starts.push(await tab.evaluate(firstReply));
    }
    return starts;
  });
}
