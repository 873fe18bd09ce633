import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchExtension, type ExtensionHarness } from '../../tests/e2e/support/extension';
import type { OpenAIMock } from '../../tests/mocks/openai-server';

/** When the panel became usable, in ms from navigation start. */
export interface OpenFigures {
  /** Message box visible, enabled and focused: a message typed now is taken (queued until a model is ready). */
  inputReadyMs: number;
  /** The same, and a model is selected in the picker. */
  modelReadyMs: number;
}

/** The picker's text while no model is selected (en-US). */
const NO_MODEL = 'No models yet';

/** Init script: notes the first moment each condition holds, checked on every DOM change and every frame. */
function watchUsable(noModel: string) {
  const w = window as unknown as { inputReadyAt?: number; modelReadyAt?: number };
  const check = () => {
    const box = document.querySelector<HTMLTextAreaElement>('textarea[aria-label]');
    const input = !!box && !box.disabled && box.getClientRects().length > 0 && document.activeElement === box;
    const picker = document.querySelector<HTMLButtonElement>('button.model-picker');
    const value = picker?.querySelector('.model-picker-value')?.textContent?.trim();
    const model = !!picker && !picker.disabled && !!value && value !== noModel;
    const now = performance.now();
    if (input && w.inputReadyAt === undefined) w.inputReadyAt = now;
    if (input && model && w.modelReadyAt === undefined) w.modelReadyAt = now;
    if (w.modelReadyAt === undefined) requestAnimationFrame(check);
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  document.addEventListener('focusin', check);
  requestAnimationFrame(check);
}

/** Opens the panel in a new tab and times it until a model is selected. */
export async function timeOpen(harness: ExtensionHarness): Promise<OpenFigures> {
  const page = await harness.context.newPage();
  await page.addInitScript(watchUsable, NO_MODEL);
  await page.goto(harness.extensionUrl('sidepanel.html'));
  await page.waitForFunction(() => (window as unknown as { modelReadyAt?: number }).modelReadyAt !== undefined, undefined, {
    timeout: 30_000,
  });
  const figures = await page.evaluate(() => {
    const w = window as unknown as { inputReadyAt: number; modelReadyAt: number };
    return { inputReadyMs: w.inputReadyAt, modelReadyMs: w.modelReadyAt };
  });
  await page.close();
  return figures;
}

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

export interface FirstLoad {
  files: string[];
  raw: number;
  gzip: number;
}

/** Quiet time after the panel is usable, so scripts it loads while idle (preloads) count too. */
const IDLE_AFTER_OPEN_MS = 1500;

/**
 * Every script of the extension the panel parses when it opens with an empty
 * chat, as the debugger reports them (entry, chunks, lazy imports, idle
 * preloads), not only what its HTML names; sized from the build output.
 */
export async function parsedFirstLoad(harness: ExtensionHarness, extensionDir: string): Promise<FirstLoad> {
  const page: Page = await harness.context.newPage();
  const cdp = await harness.context.newCDPSession(page);
  const prefix = harness.extensionUrl('');
  const files = new Set<string>();
  cdp.on('Debugger.scriptParsed', (e: { url: string }) => {
    if (e.url.startsWith(prefix)) files.add(e.url.slice(prefix.length).split(/[?#]/)[0]!);
  });
  await cdp.send('Debugger.enable');
  await page.addInitScript(watchUsable, NO_MODEL);
  await page.goto(harness.extensionUrl('sidepanel.html'));
  await page.waitForFunction(() => (window as unknown as { modelReadyAt?: number }).modelReadyAt !== undefined);
  await page.waitForTimeout(IDLE_AFTER_OPEN_MS);
  await cdp.detach();
  await page.close();
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(join(extensionDir, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: [...files].sort(), raw, gzip };
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
