// Loads the built Firefox add-on (.output/firefox-mv2) into Debian's firefox-esr,
// headless, and checks the sidebar page renders and the background answers.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOllamaMock } from '../mocks/ollama-server';
import { FIREFOX_ADDON_DIR, findFirefox, launchFirefoxWithAddon, type FirefoxWithAddon } from './support/firefox';

const firefox = findFirefox();
if (!firefox) console.warn('SKIPPED Firefox smoke test: no firefox-esr (apt-get install -y firefox-esr, or set FIREFOX_PATH).');

const EN = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../lib/i18n/locales/en-US.json'), 'utf8')) as {
  chat: { message: string; send: string };
};

describe.skipIf(!firefox)('built add-on in Firefox', () => {
  let browser: FirefoxWithAddon;

  beforeAll(async () => {
    if (!existsSync(join(FIREFOX_ADDON_DIR, 'manifest.json'))) throw new Error('No Firefox build: run `npm run build:firefox` first.');
    browser = await launchFirefoxWithAddon(firefox!);
  });

  afterAll(async () => {
    await browser?.close();
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

  /** Asks the background, from the add-on page open in the tab, as the panel does, once that page has settled. */
  async function request(name: string, payload: unknown) {
    // A script running while the page still loads is dropped with it (Marionette answers null).
    await browser.poll<boolean>(
      `return document.readyState === 'complete' && document.querySelector('textarea') ? true : null;`,
      [],
      'the panel',
    );
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
      const config = { id: 'ff-ollama', kind: 'ollama', name: 'Ollama', settings: { baseUrl: ollama.url }, manualModels: [], createdAt: 1 };
      expect(await request('providers.save', { config, secrets: {} })).toMatchObject({ ok: true });
      ollama.enqueue({ kind: 'text', text: 'Hello from Ollama in Firefox.' });
      // As a person does: the panel picks the local model itself; type, then Send.
      await browser.openAddonPage('sidepanel.html');
      await browser.poll<boolean>(
        `const box = document.querySelector('textarea[aria-label="' + arguments[0] + '"]');
         if (!box || !document.body.textContent.includes('llama3.2')) return null;
         if (!box.value) {
           Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').set.call(box, 'Hi Ollama');
           box.dispatchEvent(new Event('input', { bubbles: true }));
           return null;
         }
         const send = [...document.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === arguments[1]);
         if (!send || send.disabled) return null;
         send.click();
         return true;`,
        [EN.chat.message, EN.chat.send],
        'the message box and a local model',
      );
      const answer = await browser.poll<string>(
        `const text = document.querySelector('[role=log]')?.textContent ?? '';
         return text.includes(arguments[0]) ? text : null;`,
        ['Hello from Ollama in Firefox.'],
        'the answer',
      );
      expect(answer).toContain('Hello from Ollama in Firefox.');
      // Firefox sent the server's own origin on the chat request, not moz-extension://, so stock Ollama answered.
      const chat = ollama.requests.findIndex((r) => r.path === '/api/chat');
      expect(chat).toBeGreaterThanOrEqual(0);
      expect(ollama.origins[chat]).toBe(ollama.url);
    } finally {
      await ollama.close();
    }
  });
});
