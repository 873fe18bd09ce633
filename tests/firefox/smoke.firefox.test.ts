// Loads the built Firefox add-on (.output/firefox-mv2) into Debian's firefox-esr,
// headless, and checks the sidebar page renders and the background answers.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIREFOX_ADDON_DIR, findFirefox, launchFirefoxWithAddon, type FirefoxWithAddon } from './support/firefox';

const firefox = findFirefox();
if (!firefox) console.warn('SKIPPED Firefox smoke test: no firefox-esr (apt-get install -y firefox-esr, or set FIREFOX_PATH).');

const EN = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../lib/i18n/locales/en-US.json'), 'utf8')) as {
  chat: { message: string };
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

  it('gets an answer from the background page', async () => {
    const answer = await browser.marionette.send<{ ok: boolean; value?: unknown; error?: unknown }>('WebDriver:ExecuteAsyncScript', {
      script: `
        const done = arguments[arguments.length - 1];
        window.browser.runtime
          .sendMessage({ channel: 'parley', name: 'providers.list', payload: {} })
          .then(done, (e) => done({ ok: false, error: String(e) }));`,
      args: [],
      scriptTimeout: 10_000,
    });
    expect(answer).toEqual({ ok: true, value: expect.any(Array) });
  });
});
