// Loads the built Firefox add-on (.output/firefox-mv2) into Debian's firefox-esr,
// headless, and checks the sidebar page renders and chats, its tooltips follow the pointer,
// and the background answers and reads pages aloud.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servePages, type PageServer } from '../e2e/support/page-server';
import { startOllamaMock } from '../mocks/ollama-server';
import { startSpeechMock } from '../mocks/speech-server';
import { FIREFOX_ADDON_DIR, findFirefox, launchFirefoxWithAddon, type FirefoxWithAddon } from './support/firefox';

const firefox = findFirefox();
if (!firefox) console.warn('SKIPPED Firefox smoke test: no firefox-esr (apt-get install -y firefox-esr, or set FIREFOX_PATH).');

const EN = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../lib/i18n/locales/en-US/chat.json'), 'utf8')) as {
  chat: { message: string; send: string; copy: string };
};

/** The reader's sentences of long.html (a page the Chromium read-aloud tests read too): still reading when paused. */
const LONG = ['A long page', ...Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of the long page keeps the reader busy for a while.`)];

/** An answer tall enough to scroll the panel's log. */
const TALL = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of a long answer.`).join('\n\n');

interface ReaderState {
  status: 'idle' | 'playing' | 'paused';
  index: number;
  total: number;
  error?: { code: string };
}

describe.skipIf(!firefox)('built add-on in Firefox', () => {
  let browser: FirefoxWithAddon;
  let pages: PageServer;

  beforeAll(async () => {
    if (!existsSync(join(FIREFOX_ADDON_DIR, 'manifest.json'))) throw new Error('No Firefox build: run `npm run build:firefox` first.');
    pages = await servePages(resolve(import.meta.dirname, '../e2e/pages/reader'));
    browser = await launchFirefoxWithAddon(firefox!);
  });

  afterAll(async () => {
    await browser?.close();
    await pages?.close();
  });

  it('renders the sidebar page with its message box', async () => {
    await browser.openAddonPage('sidepanel.html');
    // The panel mounts after its locale loads; ask again until the labelled message box is there.
    const names = await browser.poll<string[]>(
      `if (location.href !== arguments[0]) return null;
       const names = [...document.querySelectorAll('textarea')].map((box) => box.getAttribute('aria-label') || box.labels?.[0]?.textContent);
       return names.includes(arguments[1]) ? names : null;`,
      [browser.addonUrl('sidepanel.html'), EN.chat.message],
      'the message box',
    );
    expect(names).toContain(EN.chat.message);
  });

  it("fits the sidebar's default width: nothing in the header is clipped and nothing scrolls sideways", async () => {
    await browser.marionette.send('WebDriver:SetWindowRect', { width: 320, height: 700 });
    await browser.openAddonPage('sidepanel.html');
    const fit = await browser.poll<{ width: number; scrollWidth: number; clipped: string[] }>(
      `const header = document.querySelector('header');
       if (!header || innerWidth > 340) return null;
       const clipped = [...header.querySelectorAll('button')]
         .filter((b) => { const r = b.getBoundingClientRect(); return r.left < 0 || r.right > innerWidth; })
         .map((b) => b.getAttribute('aria-label') || b.textContent);
       return { width: innerWidth, scrollWidth: document.documentElement.scrollWidth, clipped };`,
      [],
      'the panel at sidebar width',
    );
    expect(fit.clipped).toEqual([]);
    expect(fit.scrollWidth).toBeLessThanOrEqual(fit.width);
  });

  /** A script running while the page still loads is dropped with it (Marionette answers null). */
  const panelSettled = () =>
    browser.poll<boolean>(
      `return document.readyState === 'complete' && document.querySelector('textarea') ? true : null;`,
      [],
      'the panel',
    );

  /** Asks the background, from the add-on page open in the tab, as the panel does, once that page has settled. */
  async function request(name: string, payload: unknown) {
    await panelSettled();
    return browser.marionette.send<{ ok: boolean; value?: unknown; error?: unknown }>('WebDriver:ExecuteAsyncScript', {
      script: `
        const done = arguments[arguments.length - 1];
        window.browser.runtime
          .sendMessage({ channel: 'parley', name: arguments[0], payload: arguments[1] })
          .then(done, (e) => done({ ok: false, error: String(e) }));`,
      args: [name, payload],
      scriptTimeout: 10_000,
    });
  }

  it('gets an answer from the background page', async () => {
    expect(await request('providers.list', {})).toEqual({ ok: true, value: expect.any(Array) });
  });

  it('chats with a stock Ollama, which refuses extension origins, with no setup', async () => {
    const ollama = await startOllamaMock();
    try {
      await useOllama(ollama.url);
      ollama.enqueue({ kind: 'text', text: 'Hello from Ollama in Firefox.' });
      await browser.openAddonPage('sidepanel.html');
      await typeAndSend('Hi Ollama');
      const answer = await answered('Hello from Ollama in Firefox.');
      expect(answer).toContain('Hello from Ollama in Firefox.');
      // Firefox sent the server's own origin on the chat request, not moz-extension://, so stock Ollama answered.
      const chat = ollama.requests.findIndex((r) => r.path === '/api/chat');
      expect(chat).toBeGreaterThanOrEqual(0);
      expect(ollama.origins[chat]).toBe(ollama.url);
    } finally {
      await ollama.close();
    }
  });

  it("shows an icon button's tooltip on hover, and none for one the log moves under a resting pointer", async () => {
    const ollama = await startOllamaMock();
    try {
      await useOllama(ollama.url);
      ollama.enqueue({ kind: 'text', text: TALL });
      await browser.openAddonPage('sidepanel.html');
      await typeAndSend('Tall please');
      await answered('Line 40 of a long answer.');
      // The last answer's Copy button, once the log has settled at its end.
      const copy = `const log = document.querySelector('[role=log]');
        const copy = [...log.querySelectorAll('article')].at(-1).querySelector('button[aria-label="' + arguments[0] + '"]');`;
      const at = await browser.poll<{ x: number; y: number }>(
        `${copy}
         if (!copy || log.scrollHeight - log.scrollTop - log.clientHeight > 2) return null;
         const box = copy.getBoundingClientRect();
         return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };`,
        [EN.chat.copy],
        'the Copy button at the end of the log',
      );
      const hovered = (yes: boolean) =>
        browser.poll<boolean>(`${copy} return copy.matches(':hover') === arguments[1] ? true : null;`, [EN.chat.copy, yes], 'the hover');
      const tooltip = () =>
        browser.marionette.send<string>('WebDriver:ExecuteScript', {
          script: `return document.querySelector('.ui-tooltip:popover-open')?.textContent ?? '';`,
          args: [],
        });
      const wheel = (deltaY: number) =>
        browser.marionette.send('WebDriver:PerformActions', {
          actions: [{ type: 'wheel', id: 'wheel', actions: [{ type: 'scroll', x: at.x, y: at.y, deltaX: 0, deltaY, duration: 0 }] }],
        });

      await browser.marionette.send('WebDriver:PerformActions', {
        actions: [
          {
            type: 'pointer',
            id: 'mouse',
            parameters: { pointerType: 'mouse' },
            actions: [{ type: 'pointerMove', x: at.x, y: at.y, duration: 0 }],
          },
        ],
      });
      await hovered(true);
      await expect.poll(tooltip, { timeout: 10_000 }).toBe(EN.chat.copy);
      // The log moves and the pointer stays: the button goes from under it and comes back, others passing under it.
      await wheel(-300);
      await hovered(false);
      expect(await tooltip()).toBe('');
      await wheel(10_000);
      await hovered(true);
      expect(await tooltip()).toBe('');
    } finally {
      try {
        await browser.marionette.send('WebDriver:ReleaseActions');
      } finally {
        await ollama.close();
      }
    }
  });

  /** Saves the Ollama provider at `url`, the one the panel then picks with no setup. */
  async function useOllama(url: string): Promise<void> {
    const config = { id: 'ff-ollama', kind: 'ollama', name: 'Ollama', settings: { baseUrl: url }, manualModels: [], createdAt: 1 };
    expect(await request('providers.save', { config, secrets: {} })).toMatchObject({ ok: true });
  }

  /** As a person does, in the panel page open in the tab: once it has picked the local model itself, type, then Send. */
  async function typeAndSend(text: string): Promise<void> {
    await browser.poll<boolean>(
      `const box = document.querySelector('textarea[aria-label="' + arguments[0] + '"]');
       if (!box || !document.body.textContent.includes('llama3.2')) return null;
       if (!box.value) {
         Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').set.call(box, arguments[2]);
         box.dispatchEvent(new Event('input', { bubbles: true }));
         return null;
       }
       const send = [...document.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === arguments[1]);
       if (!send || send.disabled) return null;
       send.click();
       return true;`,
      [EN.chat.message, EN.chat.send, text],
      'the message box and a local model',
    );
  }

  /** The log's text, once it shows `text`. */
  const answered = (text: string) =>
    browser.poll<string>(
      `const text = document.querySelector('[role=log]')?.textContent ?? '';
       return text.includes(arguments[0]) ? text : null;`,
      [text],
      'the answer',
    );

  /** The answer's value, failing the test with the background's error otherwise. */
  async function ask<T>(name: string, payload: unknown): Promise<T> {
    const answer = await request(name, payload);
    if (!answer.ok) throw new Error(`${name} failed: ${JSON.stringify(answer.error)}`);
    return answer.value as T;
  }

  /**
   * Opens `file` in a window of its own, where it is the active tab, and comes back to the panel page;
   * the window's id is what the panel's Read page button sends.
   */
  async function openPageToRead(file: string): Promise<{ handle: string; windowId: number }> {
    const panel = await browser.marionette.send<string>('WebDriver:GetWindowHandle');
    const { handle } = await browser.marionette.send<{ handle: string }>('WebDriver:NewWindow', { type: 'window' });
    await browser.marionette.send('WebDriver:SwitchToWindow', { handle });
    await browser.marionette.send('WebDriver:Navigate', { url: pages.url(file) });
    await browser.marionette.send('WebDriver:SwitchToWindow', { handle: panel });
    const tabs = await browser.marionette.send<{ windowId: number }[]>('WebDriver:ExecuteAsyncScript', {
      script: `const done = arguments[arguments.length - 1];
        window.browser.tabs.query({}).then((tabs) => done(tabs.filter((tab) => tab.url === arguments[0])), (e) => done(String(e)));`,
      args: [pages.url(file)],
    });
    expect(tabs).toHaveLength(1);
    return { handle, windowId: tabs[0]!.windowId };
  }

  /** Runs `script` in the read page's window, then returns to the panel page. */
  async function inPage<T>(handle: string, script: string): Promise<T> {
    const panel = await browser.marionette.send<string>('WebDriver:GetWindowHandle');
    await browser.marionette.send('WebDriver:SwitchToWindow', { handle, focus: false });
    try {
      return await browser.marionette.send<T>('WebDriver:ExecuteScript', { script, args: [] });
    } finally {
      await browser.marionette.send('WebDriver:SwitchToWindow', { handle: panel, focus: false });
    }
  }

  /** The page's sentence highlight, as the read-aloud content script paints it with the CSS Custom Highlight API. */
  const highlighted = (handle: string) =>
    inPage<string>(handle, `return [...(CSS.highlights.get('parley-sentence') ?? [])].map((r) => r.toString()).join('');`);

  /** Polls the background's reading state until `done` holds. */
  async function readerState(done: (state: ReaderState) => boolean, what: string): Promise<ReaderState> {
    const deadline = Date.now() + 30_000;
    let state = await ask<ReaderState>('reader.state', {});
    while (!done(state)) {
      if (state.error) throw new Error(`Reading failed: ${JSON.stringify(state.error)}`);
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; last state ${JSON.stringify(state)}`);
      await new Promise((r) => setTimeout(r, 200));
      state = await ask<ReaderState>('reader.state', {});
    }
    return state;
  }

  /**
   * Reads long.html from the top as the panel's Read page button does, until speech has moved past the first
   * sentence (the engine reported its end), pauses, checks the page highlights the sentence being read, and stops.
   */
  async function readPageAloud(): Promise<void> {
    await browser.openAddonPage('sidepanel.html');
    const { handle, windowId } = await openPageToRead('long.html');
    try {
      expect(await ask<ReaderState>('reader.start', { windowId })).toMatchObject({ status: 'playing', index: 0 });
      await readerState((s) => s.status === 'playing' && s.index >= 1, 'the second sentence');
      const paused = await ask<ReaderState>('reader.control', { action: 'pause' });
      expect(paused.status).toBe('paused');
      await expect.poll(() => highlighted(handle), { timeout: 10_000 }).toBe(LONG[paused.index]);
      expect(await inPage<boolean>(handle, `return document.querySelector('parley-reader-control') !== null;`)).toBe(true);
      await ask('reader.control', { action: 'stop' });
      await readerState((s) => s.status === 'idle', 'the reading to stop');
      await expect.poll(() => highlighted(handle), { timeout: 10_000 }).toBe('');
    } finally {
      await browser.marionette.send('WebDriver:SwitchToWindow', { handle });
      await browser.marionette.send('WebDriver:CloseWindow');
      const [panel] = await browser.marionette.send<string[]>('WebDriver:GetWindowHandles');
      await browser.marionette.send('WebDriver:SwitchToWindow', { handle: panel });
    }
  }

  /** Firefox lists speech-dispatcher's voices a while after start; the panel page sees the list the background does. */
  const englishVoices = () =>
    browser.poll<string[]>(
      `const names = speechSynthesis.getVoices().filter((v) => v.lang.startsWith('en')).map((v) => v.name);
       return names.length ? names : null;`,
      [],
      'speech-dispatcher voices',
    );

  it("lists the background page's speechSynthesis voices, the ones pages are read with", async () => {
    await browser.openAddonPage('sidepanel.html');
    const names = await englishVoices();
    const { groups } = await ask<{ groups: { locale: string; voices: { value: string }[] }[] }>('speech.browserVoices', {});
    const english = groups.find((g) => g.locale === 'en-US')?.voices.map((v) => v.value) ?? [];
    expect(english.length).toBeGreaterThan(0);
    expect(english.filter((name) => names.includes(name))).toEqual(english);
  });

  it("reads a page aloud with the browser's voices through speechSynthesis, highlighting the sentence", async () => {
    // Without voices Firefox ends each utterance at once; with them, each sentence ends when espeak-ng has spoken it.
    await browser.openAddonPage('sidepanel.html');
    await englishVoices();
    await readPageAloud();
  });

  it('reads a page aloud with a cloud voice, its audio played by the background page', async () => {
    const speech = await startSpeechMock({ openaiKey: 'sk-speech-firefox' });
    try {
      await browser.openAddonPage('sidepanel.html');
      await ask('speech.saveKeys', { openai: 'sk-speech-firefox' });
      await panelSettled();
      await browser.marionette.send('WebDriver:ExecuteAsyncScript', {
        script: `const done = arguments[arguments.length - 1];
          const open = indexedDB.open('parley');
          open.onsuccess = () => {
            const tx = open.result.transaction('prefs', 'readwrite');
            tx.objectStore('prefs').put(arguments[0], 'speech');
            tx.oncomplete = () => { open.result.close(); done(true); };
          };`,
        args: [{ engine: 'openai', openai: { keySource: 'own', baseUrl: speech.openaiUrl, model: 'tts-1', format: 'wav' } }],
      });
      await readPageAloud();
      // The second sentence is synthesized while the first plays, so the two requests may arrive in either order.
      expect(speech.spokenTexts()).toEqual(expect.arrayContaining(LONG.slice(0, 2)));
    } finally {
      await speech.close();
    }
  });
});
