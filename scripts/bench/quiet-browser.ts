import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { chromiumPath, extensionSwitches } from '../../tests/e2e/support/extension';
import { WorkerVersions, type WorkerVersion } from './worker-versions';

/**
 * Chromium with the extension, driven over its DevTools pipe with no debugger attached to what is timed.
 *
 * Playwright enables the Runtime domain of every page and worker it tracks, and V8 then records a detailed stack,
 * with line and column, for every Error constructed there, so that an uncaught one can be reported. The first such
 * Error in a script makes V8 parse the whole script again for its source positions: in the worker, the `openai` SDK
 * builds one at module load (lib/EventStream), and evaluating the 1.5 MB bundle took 110-150 ms under Playwright
 * against 31-44 ms without it, 75 ms of it in that one statement. No browser a person uses has a debugger attached,
 * so the opening and start-up figures are taken here: only `Page` is enabled on a timed tab, and `Runtime.evaluate`
 * (which needs no `Runtime.enable`) reads it.
 */
export interface QuietBrowser {
  readonly extensionId: string;
  extensionUrl(path: string): string;
  /** A new tab showing `url`; `init` runs in it, with `arg`, before the page's own scripts. */
  open<A>(url: string, init?: { fn: (arg: A) => void; arg: A }): Promise<QuietTab>;
  /** One extension page that is not the panel, loaded and with `chrome.runtime`: for messages to the worker. */
  control(): Promise<QuietTab>;
  /** Stops the extension's worker as DevTools' "Stop" does; the next message starts it again. */
  stopWorker(): Promise<void>;
  close(): Promise<void>;
}

export interface QuietTab {
  /** Runs `fn(arg)` in the page; arg and result must be JSON-serialisable. */
  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R>;
  /** Polls `fn` every 50 ms until it returns true; the page itself notes when its conditions held. */
  waitFor(fn: () => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

interface Reply {
  id?: number;
  result?: Record<string, unknown>;
  error?: { message: string };
  method?: string;
  params?: unknown;
}

/** One DevTools protocol connection over Chromium's pipe: JSON messages, each ended by a NUL byte. */
class Pipe {
  private nextId = 0;
  private readonly pending = new Map<number, (reply: Reply) => void>();
  private buffered = '';
  private readonly listeners = new Set<(method: string, params: unknown) => void>();

  constructor(
    private readonly out: Writable,
    input: Readable,
  ) {
    input.setEncoding('utf8');
    input.on('data', (chunk: string) => {
      const parts = (this.buffered + chunk).split('\0');
      this.buffered = parts.pop()!;
      for (const part of parts) {
        const reply = JSON.parse(part) as Reply;
        if (reply.method) for (const listener of this.listeners) listener(reply.method, reply.params);
        if (reply.id === undefined) continue;
        this.pending.get(reply.id)?.(reply);
        this.pending.delete(reply.id);
      }
    });
  }

  /** Calls `listener` with each event until the returned function is called. */
  listen(listener: (method: string, params: unknown) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async send<T = Record<string, unknown>>(method: string, params: object = {}, sessionId?: string): Promise<T> {
    const id = ++this.nextId;
    const replied = new Promise<Reply>((settle) => this.pending.set(id, settle));
    this.out.write(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }) + '\0');
    const reply = await replied;
    if (reply.error) throw new Error(`${method}: ${reply.error.message}`);
    return reply.result as T;
  }
}

/** Runs `run` in a quiet browser started on `userDataDir` (a new one if undefined, removed on close), and closes it. */
export async function inQuietBrowser<T>(
  extensionDir: string,
  userDataDir: string | undefined,
  run: (browser: QuietBrowser) => Promise<T>,
): Promise<T> {
  const browser = await launchQuiet(extensionDir, userDataDir);
  try {
    return await run(browser);
  } finally {
    await browser.close();
  }
}

/** Starts Chromium with the extension on `userDataDir` (a new one by default, removed on close). */
export async function launchQuiet(extensionDir: string, userDataDir?: string): Promise<QuietBrowser> {
  const root = mkdtempSync(join(tmpdir(), 'parley-quiet-'));
  const profile = userDataDir ?? join(root, 'profile');
  mkdirSync(profile, { recursive: true });
  const browser: ChildProcess = spawn(
    chromiumPath(),
    [
      '--headless',
      '--remote-debugging-pipe',
      `--user-data-dir=${profile}`,
      ...extensionSwitches(resolve(extensionDir)),
      // Playwright's, which the other figures run with: a tab is never throttled as a background one.
      '--disable-background-timer-throttling',
      '--disable-backgrounding-occluded-windows',
      '--disable-renderer-backgrounding',
      '--password-store=basic',
      'about:blank',
    ],
    // Chromium reads the protocol from fd 3 and writes it to fd 4.
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const pipe = new Pipe(browser.stdio[3] as Writable, browser.stdio[4] as Readable);
  const exited = new Promise<void>((settle) => browser.once('exit', () => settle()));

  const close = async (): Promise<void> => {
    // The browser may exit before it answers.
    await Promise.race([pipe.send('Browser.close').catch(() => undefined), exited]);
    await Promise.race([exited, new Promise((wake) => setTimeout(wake, 5000))]);
    browser.kill();
    rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  };

  try {
    const extensionId = await workerHost(pipe);
    const extensionUrl = (path: string): string => `chrome-extension://${extensionId}/${path.replace(/^\//, '')}`;
    let controlTab: Promise<AttachedTab> | undefined;
    const open = async <A>(url: string, init?: { fn: (arg: A) => void; arg: A }): Promise<AttachedTab> => {
      const { targetId } = await pipe.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
      const { sessionId } = await pipe.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
      await pipe.send('Page.enable', {}, sessionId);
      if (init) {
        const source = `(${init.fn.toString()})(${JSON.stringify(init.arg)})`;
        await pipe.send('Page.addScriptToEvaluateOnNewDocument', { source }, sessionId);
      }
      await pipe.send('Page.navigate', { url }, sessionId);
      return quietTab(pipe, targetId, sessionId);
    };
    const control = (): Promise<AttachedTab> =>
      (controlTab ??= open(extensionUrl('manifest.json')).then(async (tab) => {
        await tab.waitFor(() => document.readyState === 'complete' && typeof chrome !== 'undefined' && !!chrome.runtime);
        return tab;
      }));
    return {
      extensionId,
      extensionUrl,
      open,
      control,
      async stopWorker() {
        const { sessionId } = await control();
        // Each version's state, from the events ServiceWorker.enable sends for every version it knows.
        const versions = new WorkerVersions((v) => v.scriptURL.startsWith(`chrome-extension://${extensionId}/`));
        const stop = pipe.listen((method, params) => {
          if (method === 'ServiceWorker.workerVersionUpdated') versions.update((params as { versions: WorkerVersion[] }).versions);
        });
        const all = (done: (v: WorkerVersion) => boolean) => (known: WorkerVersion[]) => known.length > 0 && known.every(done);
        try {
          await pipe.send('ServiceWorker.enable', {}, sessionId);
          // A worker stopped while it installs starts again to finish.
          await versions.until(
            'activate',
            all((v) => v.status === 'activated' && v.runningStatus === 'running'),
          );
          await pipe.send('ServiceWorker.stopAllWorkers', {}, sessionId);
          await versions.until(
            'stop',
            all((v) => v.runningStatus === 'stopped'),
          );
        } finally {
          stop();
          await pipe.send('ServiceWorker.disable', {}, sessionId);
        }
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The extension's id: the host of its worker's URL, once the worker has started. */
async function workerHost(pipe: Pipe): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const { targetInfos } = await pipe.send<{ targetInfos: { type: string; url: string }[] }>('Target.getTargets');
    const worker = targetInfos.find((t) => t.type === 'service_worker' && t.url.startsWith('chrome-extension://'));
    if (worker) return new URL(worker.url).host;
    await new Promise((wake) => setTimeout(wake, 50));
  }
  throw new Error('the extension did not start its worker');
}

/** A tab and the protocol session attached to it. */
type AttachedTab = QuietTab & { readonly sessionId: string };

function quietTab(pipe: Pipe, targetId: string, sessionId: string): AttachedTab {
  const evaluate = async <R, A>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> => {
    const expression = `(${fn.toString()})(${arg === undefined ? '' : JSON.stringify(arg)})`;
    const { result, exceptionDetails } = await pipe.send<{
      result: { value?: unknown };
      exceptionDetails?: { text?: string; exception?: { description?: string } };
    }>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }, sessionId);
    if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
    return result.value as R;
  };
  return {
    sessionId,
    evaluate,
    async waitFor(fn, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      // Before the navigation commits, the check may run in about:blank or find no context: keep polling.
      while (!(await evaluate(fn).catch(() => false))) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${fn.toString()}`);
        await new Promise((wake) => setTimeout(wake, 50));
      }
    },
    async close() {
      await pipe.send('Target.closeTarget', { targetId });
    },
  };
}
