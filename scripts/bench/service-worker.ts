import type { ExtensionHarness } from '../../tests/e2e/support/extension';
import { fileSize, type Size } from './file-sizes';
import type { QuietBrowser } from './quiet-browser';
import { WorkerVersions, type WorkerVersion } from './worker-versions';

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
 * (quiet-browser.ts says how); the bench prints this beside workerStartOnce.
 * The bench gives it a browser of its own: the one that had streamed the huge
 * answers and read pages aloud was once lost under this figure on a loaded machine.
 */
export async function workerStartUnderDebugger(harness: ExtensionHarness): Promise<number> {
  const page = await harness.context.newPage();
  try {
    await page.goto(harness.extensionUrl('manifest.json'));
    const cdp = await harness.context.newCDPSession(page);
    const script = harness.extensionUrl('background.js');
    const versions = new WorkerVersions((v) => v.scriptURL === script);
    cdp.on('ServiceWorker.workerVersionUpdated', (e: { versions: WorkerVersion[] }) => versions.update(e.versions));
    await cdp.send('ServiceWorker.enable');
    const running = (known: WorkerVersion[]) => known.find((v) => v.runningStatus === 'running');
    const { versionId } = running(await versions.until('run', (known) => !!running(known)))!;
    await cdp.send('ServiceWorker.stopWorker', { versionId });
    await versions.until('stop', (known) => known.find((v) => v.versionId === versionId)?.runningStatus === 'stopped');
    const ms = await page.evaluate(firstReply);
    await cdp.detach();
    return ms;
  } finally {
    // A browser lost under the figure has no page left to close; the failure to report is the one above.
    await page.close().catch(() => undefined);
  }
}

/** The same in a browser with no debugger attached to the worker (quiet-browser.ts says why). */
export async function workerStartOnce(browser: QuietBrowser): Promise<number> {
  const tab = await browser.control();
  await browser.stopWorker();
  return tab.evaluate(firstReply);
}
