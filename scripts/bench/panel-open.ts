import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchExtension, type ExtensionHarness } from '../../tests/e2e/support/extension';
import type { OpenAIMock } from '../../tests/mocks/openai-server';
import { parsedFirstLoad, type FirstLoad } from './first-load';
import { FLOOR_PAGE } from './floor';
import { inQuietBrowser, type QuietBrowser } from './quiet-browser';
import { timeInputReady, timeOpen, type InputFigures, type OpenFigures } from './usable';

/** Saves the bench provider through the worker; evaluated in an extension page that is not the panel. */
async function saveBenchProvider(url: string): Promise<void> {
  await chrome.runtime.sendMessage({
    channel: 'parley',
    name: 'providers.save',
    payload: {
      config: {
        id: 'bench',
        kind: 'openai-compatible',
        name: 'Bench',
        settings: { baseUrl: url },
        manualModels: [],
        createdAt: Date.now(),
      },
      secrets: {},
    },
  });
}

/** Saves the bench provider from an extension page that is not the panel, so the panel's first open stays its first. */
export async function configureProvider(harness: ExtensionHarness, mock: OpenAIMock): Promise<void> {
  const page = await harness.context.newPage();
  await page.goto(harness.extensionUrl('manifest.json'));
  await page.evaluate(saveBenchProvider, mock.url);
  await page.close();
}

/** One figure on a browser's first start and on two restarts on the same profile. */
export interface StartAndRestart<T> {
  /** The first open after install, in a browser just started. */
  fresh: T;
  /** The first open after the browser restarted on that profile, as soon as its worker runs: the browser is still starting. */
  restart: T;
  /** The same after the next restart, opened RESTART_SETTLE_MS after it: a person opens the panel seconds after a restart. */
  settled: T;
}

/** The panel's figures on each start, and what an empty panel parses. */
export interface ColdStart extends StartAndRestart<OpenFigures> {
  firstLoad: FirstLoad;
}

/**
 * How long after a restart the settled figures open the page. A bare extension page took 230-440 ms to paint in a
 * restart's first moments and 118-154 ms three seconds later; in those first moments it took as long (median 223 ms)
 * in an extension with nothing but an idle worker as beside this one's. What they add is the browser's own start-up,
 * not the page's, so both figures are printed.
 */
export const RESTART_SETTLE_MS = 3000;

/**
 * Starts a browser on `userDataDir` with no debugger attached to what is timed (quiet-browser.ts says why), saves
 * the bench provider and times `first` in it; then restarts the browser on that profile and times `first` again, at
 * once and, after another restart, once the browser has settled.
 */
async function startAndRestart<T>(
  extensionDir: string,
  userDataDir: string,
  mock: OpenAIMock,
  first: (browser: QuietBrowser) => Promise<T>,
): Promise<StartAndRestart<T>> {
  const fresh = await inQuietBrowser(extensionDir, userDataDir, async (browser) => {
    await (await browser.control()).evaluate(saveBenchProvider, mock.url);
    return first(browser);
  });
  const restart = await inQuietBrowser(extensionDir, userDataDir, first);
  const settled = await inQuietBrowser(extensionDir, userDataDir, async (browser) => {
    await new Promise((wake) => setTimeout(wake, RESTART_SETTLE_MS));
    return first(browser);
  });
  return { fresh, restart, settled };
}

/** Runs `run` on a new profile directory, removed afterwards. */
async function withProfile<T>(run: (userDataDir: string) => Promise<T>): Promise<T> {
  const profileRoot = mkdtempSync(join(tmpdir(), 'parley-bench-profile-'));
  try {
    return await run(join(profileRoot, 'profile'));
  } finally {
    rmSync(profileRoot, { recursive: true, force: true, maxRetries: 3 });
  }
}

/**
 * The panel timed on the first open of a browser's first start and of its restarts on that profile; then the scripts
 * an empty panel parses, which only the debugger reports, in one more start on that profile.
 */
export function coldStarts(extensionDir: string, mock: OpenAIMock): Promise<ColdStart> {
  return withProfile(async (userDataDir) => {
    const opens = await startAndRestart(extensionDir, userDataDir, mock, timeOpen);
    const harness = await launchExtension({ extensionDir, userDataDir });
    try {
      return { ...opens, firstLoad: await parsedFirstLoad(harness, extensionDir) };
    } finally {
      await harness.close();
    }
  });
}

/** The floor page (floor.ts) timed to input ready as coldStarts times the panel: first start, then restarts. */
export function floorStarts(floorExtensionDir: string, mock: OpenAIMock): Promise<StartAndRestart<InputFigures>> {
  return withProfile((userDataDir) =>
    startAndRestart(floorExtensionDir, userDataDir, mock, (browser) => timeInputReady(browser, FLOOR_PAGE)),
  );
}
