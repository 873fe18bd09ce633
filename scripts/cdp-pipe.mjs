// The Chrome DevTools Protocol over --remote-debugging-pipe: JSON messages ended by
// a NUL byte on file descriptors 3 (to Chromium) and 4 (from Chromium). No port to
// bind and no WebSocket client needed.
import { clearTimeout, setTimeout } from 'node:timers';

export class CdpPipe {
  #nextId = 1;
  #pending = new Map();
  #listeners = new Set();
  #buffer = '';

  /** `toBrowser` and `fromBrowser` are the child's stdio[3] and stdio[4]. */
  constructor(toBrowser, fromBrowser) {
    this.toBrowser = toBrowser;
    fromBrowser.setEncoding('utf8');
    fromBrowser.on('data', (chunk) => {
      this.#buffer += chunk;
      let end;
      while ((end = this.#buffer.indexOf('\0')) >= 0) {
        const message = JSON.parse(this.#buffer.slice(0, end));
        this.#buffer = this.#buffer.slice(end + 1);
        this.#dispatch(message);
      }
    });
    fromBrowser.on('close', () => {
      for (const { reject } of this.#pending.values()) reject(new Error('Chromium closed the DevTools pipe'));
      this.#pending.clear();
    });
  }

  send(method, params = {}, sessionId) {
    const id = this.#nextId++;
    const answer = new Promise((resolve, reject) => this.#pending.set(id, { resolve, reject }));
    this.toBrowser.write(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }) + '\0');
    return answer;
  }

  /** Calls `listener(method, params)` for every event; returns a function that stops it. */
  onEvent(listener) {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #dispatch(message) {
    if (message.id === undefined) {
      for (const listener of this.#listeners) listener(message.method, message.params);
      return;
    }
    const waiter = this.#pending.get(message.id);
    this.#pending.delete(message.id);
    if (message.error) waiter?.reject(new Error(`${message.error.message} (${message.error.code})`));
    else waiter?.resolve(message.result);
  }
}

/** Resolves once a service worker of `extensionId` runs, checking the targets that exist already and new ones. */
export async function waitForExtensionWorker(cdp, extensionId, timeoutMs) {
  const isOurs = (info) => info.type === 'service_worker' && info.url.startsWith(`chrome-extension://${extensionId}/`);
  let stop = () => {};
  const created = new Promise((resolve) => {
    stop = cdp.onEvent((method, params) => {
      if ((method === 'Target.targetCreated' || method === 'Target.targetInfoChanged') && isOurs(params.targetInfo)) resolve();
    });
  });
  let timer;
  try {
    await cdp.send('Target.setDiscoverTargets', { discover: true });
    const { targetInfos } = await cdp.send('Target.getTargets');
    if (targetInfos.some(isOurs)) return;
    await Promise.race([
      created,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the extension's service worker did not start within ${timeoutMs / 1000} s`)), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    stop();
  }
}

/** Navigates the first ordinary tab to `url`; rejects with Chromium's error text (e.g. net::ERR_BLOCKED_BY_CLIENT). */
export async function navigateFirstTab(cdp, url) {
  const { targetInfos } = await cdp.send('Target.getTargets');
  const tab = targetInfos.find((t) => t.type === 'page');
  const targetId = tab ? tab.targetId : (await cdp.send('Target.createTarget', { url: 'about:blank' })).targetId;
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: true });
  const { errorText } = await cdp.send('Page.navigate', { url }, sessionId);
  await cdp.send('Target.detachFromTarget', { sessionId });
  if (errorText) throw new Error(errorText);
}
