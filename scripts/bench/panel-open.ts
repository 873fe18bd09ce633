import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchExtension, type ExtensionHarness } from '../../tests/e2e/support/extension';
import type { OpenAIMock } from '../../tests/mocks/openai-server';
import { parsedFirstLoad, type FirstLoad } from './first-load';
import { launchQuiet } from './quiet-browser';
import { timeOpen, type OpenFigures } from './usable';

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

export interface ColdStart {
  /** The first open after install, in a browser just started. */
  fresh: OpenFigures;
  /** The first open after the browser restarted on that profile (provider, conversation and worker state on disk). */
  restart: OpenFigures;
  firstLoad: FirstLoad;
}

/**
 * One browser start on a new profile and one restart on it, with the panel timed on each first open in a browser
 * with no debugger attached (quiet-browser.ts says why); then the scripts an empty panel parses, which only the
 * debugger reports, in a third start on that profile.
 */
export async function coldStarts(extensionDir: string, mock: OpenAIMock): Promise<ColdStart> {
  const profileRoot = mkdtempSync(join(tmpdir(), 'parley-bench-profile-'));
  const userDataDir = join(profileRoot, 'profile');
  try {
    let browser = await launchQuiet(extensionDir, userDataDir);
    let fresh: OpenFigures;
    try {
      await (await browser.control()).evaluate(saveBenchProvider, mock.url);
      fresh = await timeOpen(browser);
    } finally {
      await browser.close();
    }
    browser = await launchQuiet(extensionDir, userDataDir);
    let restart: OpenFigures;
    try {
      restart = await timeOpen(browser);
    } finally {
      await browser.close();
    }
    const harness = await launchExtension({ extensionDir, userDataDir });
    try {
      return { fresh, restart, firstLoad: await parsedFirstLoad(harness, extensionDir) };
    } finally {
      await harness.close();
    }
  } finally {
    rmSync(profileRoot, { recursive: true, force: true, maxRetries: 3 });
  }
}
