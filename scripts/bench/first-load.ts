import type { ExtensionHarness } from '../../tests/e2e/support/extension';
import { totalSize, type Size } from './file-sizes';
import { openUntilModelReady } from './usable';

/** The most JavaScript (gzip) the side panel may parse when it opens an empty chat (issues 11 and 13). */
export const FIRST_LOAD_BUDGET_GZIP = 130 * 1024;

export interface FirstLoad extends Size {
  files: string[];
}

/** Quiet time after the panel is usable, so scripts it loads while idle (preloads) count too. */
const IDLE_AFTER_OPEN_MS = 1500;

/**
 * Every script of the extension the panel parses when it opens with an empty
 * chat, as the debugger reports them (entry, chunks, lazy imports, idle
 * preloads), not only what its HTML names; sized from the build output.
 */
export async function parsedFirstLoad(harness: ExtensionHarness, extensionDir: string): Promise<FirstLoad> {
  const page = await harness.context.newPage();
  const cdp = await harness.context.newCDPSession(page);
  const prefix = harness.extensionUrl('');
  const parsed = new Set<string>();
  cdp.on('Debugger.scriptParsed', (e: { url: string }) => {
    if (e.url.startsWith(prefix)) parsed.add(e.url.slice(prefix.length).split(/[?#]/)[0]!);
  });
  await cdp.send('Debugger.enable');
  await openUntilModelReady(harness, page);
  await page.waitForTimeout(IDLE_AFTER_OPEN_MS);
  await cdp.detach();
  await page.close();
  const files = [...parsed].sort();
  return { files, ...totalSize(extensionDir, files) };
}
