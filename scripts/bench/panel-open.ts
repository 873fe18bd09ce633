import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchExtension, type ExtensionHarness } from '../../tests/e2e/support/extension';
import type { OpenAIMock } from '../../tests/mocks/openai-server';
import { parsedFirstLoad, type FirstLoad } from './first-load';
import { timeOpen, type OpenFigures } from './usable';

/** Saves the bench provider from an extension page that is not the panel, so the panel's first open stays its first. */
export async function configureProvider(harness: ExtensionHarness, mock: OpenAIMock): Promise<void> {
  const page = await harness.context.newPage();
  await page.goto(harness.extensionUrl('manifest.json'));
  await page.evaluate(async (url) => {
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
  }, mock.url);
  await page.close();
}

export interface ColdStart {
  /** The first open after install, in a browser just started. */
  fresh: OpenFigures;
  /** The first open after the browser restarted on that profile (provider, conversation and worker state on disk). */
  restart: OpenFigures;
  firstLoad: FirstLoad;
}

/** One browser start on a new profile and one restart on it, with the panel timed on each first open. */
export async function coldStarts(extensionDir: string, mock: OpenAIMock): Promise<ColdStart> {
  const profileRoot = mkdtempSync(join(tmpdir(), 'parley-bench-profile-'));
  const userDataDir = join(profileRoot, 'profile');
  try {
    let harness = await launchExtension({ extensionDir, userDataDir });
    let fresh: OpenFigures;
    try {
      await configureProvider(harness, mock);
      fresh = await timeOpen(harness);
    } finally {
      await harness.close();
    }
    harness = await launchExtension({ extensionDir, userDataDir });
    try {
      const restart = await timeOpen(harness);
      const firstLoad = await parsedFirstLoad(harness, extensionDir);
      return { fresh, restart, firstLoad };
    } finally {
      await harness.close();
    }
  } finally {
    rmSync(profileRoot, { recursive: true, force: true, maxRetries: 3 });
  }
}
