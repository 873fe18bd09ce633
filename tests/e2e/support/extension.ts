import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type CDPSession, type Page, type Worker } from 'playwright-core';
import { prepareSpeechEnv, stopSpeechDaemon } from './speech-home';

const EXTENSION_DIR = resolve(import.meta.dirname, '../../../.output/chrome-mv3');
const SIDE_PANEL_FILE = 'sidepanel.html';
const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export interface LaunchOptions {
  /** Unpacked extension to load; defaults to the `wxt build` output. */
  extensionDir?: string;
  /** A browser profile to start from and keep (the bench's restart on a primed profile); a fresh, discarded one by default. */
  userDataDir?: string;
  /** More Chromium switches (the MCP sign-in test keeps chromiumapp.org unresolvable). */
  args?: string[];
}

/** The real side panel, reached over CDP because Playwright does not attach to it. */
export interface RealSidePanel {
  readonly targetId: string;
  /** Runs `fn(arg)` in the panel document; arg and result must be JSON-serialisable. */
  evaluate<R>(fn: () => R | Promise<R>): Promise<R>;
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
}

export interface ExtensionHarness {
  readonly context: BrowserContext;
  readonly extensionId: string;
  /** The current background worker; replaced after reloadExtension(). */
  readonly serviceWorker: Worker;
  extensionUrl(path: string): string;
  /** sidepanel.html opened as an ordinary tab: the panel UI, fully scriptable by Playwright. */
  openSidePanelPage(): Promise<Page>;
  /** Opens the browser's real side panel via chrome.sidePanel.open and waits for its document. */
  openRealSidePanel(): Promise<RealSidePanel>;
  closeRealSidePanel(): Promise<void>;
  /** SIDE_PANEL contexts as chrome.runtime.getContexts reports them. */
  sidePanelContexts(): Promise<chrome.runtime.ExtensionContext[]>;
  evalInWorker<R>(fn: () => R | Promise<R>): Promise<R>;
  evalInWorker<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** Polls chrome.tts.getVoices until speech-dispatcher has reported its voices. */
  waitForVoices(timeoutMs?: number): Promise<chrome.tts.TtsVoice[]>;
  /** chrome.runtime.reload(); resolves with the new worker. Extension tabs and the panel close. */
  reloadExtension(): Promise<Worker>;
  close(): Promise<void>;
}

export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  const found = CHROMIUM_CANDIDATES.find((candidate) => existsSync(candidate));
  if (!found) throw new Error('Chromium not found: install it (apt-get install chromium) or set CHROMIUM_PATH.');
  return found;
}

/** Chromium's switches that load the unpacked extension in a quiet, offline browser. */
export function extensionSwitches(extensionDir: string): string[] {
  return [
    `--disable-extensions-except=${extensionDir}`,
    `--load-extension=${extensionDir}`,
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-sync',
    '--disable-background-networking',
    '--disable-component-update',
  ];
}

export async function launchExtension(opts: LaunchOptions = {}): Promise<ExtensionHarness> {
  const extensionDir = resolve(opts.extensionDir ?? EXTENSION_DIR);
  if (!existsSync(join(extensionDir, 'manifest.json'))) {
    throw new Error(`No built extension in ${extensionDir}: run \`npx wxt build\` first.`);
  }
  const root = mkdtempSync(join(tmpdir(), 'parley-e2e-'));
  const userDataDir = opts.userDataDir ?? join(root, 'profile');
  enableDeveloperMode(userDataDir);

  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: chromiumPath(),
      headless: true,
      // Playwright passes --disable-extensions by default, which would win over --load-extension.
      ignoreDefaultArgs: ['--disable-extensions'],
      env: { ...process.env, ...prepareSpeechEnv(root) },
      args: [...extensionSwitches(extensionDir), '--enable-speech-dispatcher', ...(opts.args ?? [])],
    });
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }

  const cleanup = async (): Promise<void> => {
    await context.close().catch(() => undefined);
    stopSpeechDaemon(root);
    rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  };

  let worker: Worker;
  try {
    worker = await firstExtensionWorker(context);
  } catch (error) {
    await cleanup();
    throw error;
  }
  const extensionId = new URL(worker.url()).host;
  const extensionUrl = (path: string): string => `chrome-extension://${extensionId}/${path.replace(/^\//, '')}`;
  const browserCdp = await context.browser()!.newBrowserCDPSession();

  // chrome.sidePanel.open needs a user gesture, which page.evaluate supplies but a worker cannot;
  // the manifest viewer is an extension-origin tab with chrome.* that is not a second panel UI.
  let controlPage: Page | undefined;
  const control = async (): Promise<Page> => {
    if (controlPage && !controlPage.isClosed()) return controlPage;
    const page = await context.newPage();
    await page.goto(extensionUrl('manifest.json'));
    controlPage = page;
    return page;
  };

  const evalInWorker = <R>(fn: (arg: never) => R | Promise<R>, arg?: unknown): Promise<R> =>
    worker.evaluate(fn as (arg: unknown) => R | Promise<R>, arg);

  const sidePanelContexts = (): Promise<chrome.runtime.ExtensionContext[]> =>
    worker.evaluate(() => chrome.runtime.getContexts({ contextTypes: [chrome.runtime.ContextType.SIDE_PANEL] }));

  const panelUrl = extensionUrl(SIDE_PANEL_FILE);

  return {
    context,
    extensionId,
    get serviceWorker() {
      return worker;
    },
    extensionUrl,

    async openSidePanelPage() {
      const page = await context.newPage();
      await page.goto(panelUrl);
      return page;
    },

    async openRealSidePanel() {
      const page = await control();
      await page.evaluate(async () => {
        const { id } = await chrome.windows.getCurrent();
        await chrome.sidePanel.open({ windowId: id! });
      });
      // The context is listed before its navigation commits, with an empty documentUrl.
      await poll(
        async () => (await sidePanelContexts()).some((c) => c.documentUrl?.startsWith(panelUrl)),
        'the side panel document to load',
      );
      const targetId = await poll(() => findPanelTarget(context, browserCdp, panelUrl), 'the side panel CDP target');
      return attachToPanel(browserCdp, targetId);
    },

    async closeRealSidePanel() {
      const page = await control();
      await page.evaluate(async () => {
        const { id } = await chrome.windows.getCurrent();
        await chrome.sidePanel.close({ windowId: id! });
      });
      await poll(async () => (await sidePanelContexts()).length === 0, 'the side panel to close');
    },

    sidePanelContexts,
    evalInWorker,

    async waitForVoices(timeoutMs = 20_000) {
      // Chromium connects to speech-dispatcher lazily: the first calls return no voices.
      return poll(
        async () => {
          const voices = await worker.evaluate(() => chrome.tts.getVoices());
          return voices.length > 0 ? voices : undefined;
        },
        'speech-dispatcher voices',
        timeoutMs,
      );
    },

    async reloadExtension() {
      const next = context.waitForEvent('serviceworker', {
        predicate: (w) => w.url().startsWith(`chrome-extension://${extensionId}/`),
        timeout: 30_000,
      });
      // Deferred so the evaluate call is answered before the worker goes away.
      await worker.evaluate(() => {
        setTimeout(() => chrome.runtime.reload(), 0);
      });
      worker = await next;
      return worker;
    },

    close: cleanup,
  };
}

/**
 * Reloading an unpacked extension outside developer mode leaves it disabled
 * ("unsupportedDeveloperExtension"), so the profile starts in developer mode.
 */
function enableDeveloperMode(userDataDir: string): void {
  // A profile started before keeps its own preferences (developer mode among them).
  if (existsSync(join(userDataDir, 'Default', 'Preferences'))) return;
  mkdirSync(join(userDataDir, 'Default'), { recursive: true });
  writeFileSync(join(userDataDir, 'Default', 'Preferences'), JSON.stringify({ extensions: { ui: { developer_mode: true } } }));
}

async function firstExtensionWorker(context: BrowserContext): Promise<Worker> {
  const isExtension = (w: Worker): boolean => w.url().startsWith('chrome-extension://');
  return (
    context.serviceWorkers().find(isExtension) ?? (await context.waitForEvent('serviceworker', { predicate: isExtension, timeout: 30_000 }))
  );
}

/** The panel is a page target with the panel URL that is none of Playwright's tabs. */
async function findPanelTarget(context: BrowserContext, browserCdp: CDPSession, panelUrl: string): Promise<string | undefined> {
  const tabTargetIds = new Set<string>();
  for (const page of context.pages()) {
    if (!page.url().startsWith(panelUrl)) continue;
    const session = await context.newCDPSession(page);
    const { targetInfo } = await session.send('Target.getTargetInfo');
    tabTargetIds.add(targetInfo.targetId);
    await session.detach();
  }
  const { targetInfos } = await browserCdp.send('Target.getTargets');
  return targetInfos.find((t) => t.type === 'page' && t.url.startsWith(panelUrl) && !tabTargetIds.has(t.targetId))?.targetId;
}

interface CdpReply {
  id?: number;
  result?: { result?: { value?: unknown }; exceptionDetails?: { text?: string; exception?: { description?: string } } };
  error?: { message: string };
}

/**
 * Playwright's CDPSession cannot address flat child sessions, so this uses
 * the non-flat protocol: commands wrapped in Target.sendMessageToTarget.
 */
async function attachToPanel(browserCdp: CDPSession, targetId: string): Promise<RealSidePanel> {
  const { sessionId } = await browserCdp.send('Target.attachToTarget', { targetId, flatten: false });
  let nextId = 0;
  const pending = new Map<number, (reply: CdpReply) => void>();
  browserCdp.on('Target.receivedMessageFromTarget', (event) => {
    if (event.sessionId !== sessionId) return;
    const reply = JSON.parse(event.message) as CdpReply;
    if (reply.id === undefined) return;
    pending.get(reply.id)?.(reply);
    pending.delete(reply.id);
  });
  browserCdp.on('Target.detachedFromTarget', (event) => {
    if (event.sessionId !== sessionId) return;
    for (const settle of pending.values()) settle({ error: { message: 'side panel closed' } });
    pending.clear();
  });

  return {
    targetId,
    async evaluate<R>(fn: (arg: never) => R | Promise<R>, arg?: unknown): Promise<R> {
      const id = ++nextId;
      const replied = new Promise<CdpReply>((settle) => pending.set(id, settle));
      const expression = `(${fn.toString()})(${arg === undefined ? '' : JSON.stringify(arg)})`;
      await browserCdp.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({
          id,
          method: 'Runtime.evaluate',
          params: { expression, awaitPromise: true, returnByValue: true, userGesture: true },
        }),
      });
      const reply = await replied;
      if (reply.error) throw new Error(`side panel evaluate: ${reply.error.message}`);
      const details = reply.result?.exceptionDetails;
      if (details) throw new Error(`side panel evaluate: ${details.exception?.description ?? details.text}`);
      return reply.result?.result?.value as R;
    },
  };
}

async function poll<T>(probe: () => Promise<T | undefined | false>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((wake) => setTimeout(wake, 200));
  }
}

/** Stops the extension's service worker as DevTools' "Stop" does; the next message or connection starts it again. */
export async function stopWorker(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
}
