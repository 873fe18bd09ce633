import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchExtension } from '../../tests/e2e/support/extension';
import { servePages } from '../../tests/e2e/support/page-server';
import {
  COLOR_SCHEMES,
  MODEL,
  SCREEN_LOCALES,
  SCREEN_SIZES,
  nameIn,
  openView,
  reopenPanel,
  seedStorage,
  settle,
  type ScreenLocale,
  type ViewName,
} from '../../tests/e2e/support/screens';
import { startOpenAIMock } from '../../tests/mocks/openai-server';

/**
 * Pictures of every view of the side panel, at 400×900 and 360×640, light and
 * dark, in English, Arabic and Japanese, into docs/screenshots/ as
 * `<view>-<locale>-<scheme>-<width>x<height>.png`. Views are reached by the
 * accessible names of their controls, so a redesign changes the pictures, not this script.
 */
export async function main(root: string): Promise<void> {
  const out = join(root, 'docs/screenshots');
  mkdirSync(out, { recursive: true });
  const mock = await startOpenAIMock({ models: [MODEL, 'gpt-4o-mini'] });
  const pages = await servePages(join(root, 'tests/e2e/pages/reader'));
  const harness = await launchExtension({ extensionDir: join(root, '.output/chrome-mv3') });
  try {
    const page = await harness.openSidePanelPage();
    await page.getByRole('textbox').first().waitFor();
    // First run comes before anything is stored.
    await eachVariant(page, out, 'first-run', async (locale) => {
      await reopenPanel(page, locale);
    });
    await seedStorage(page, mock.url);
    for (const view of ['empty-chat', 'answered-chat', 'history'] satisfies ViewName[]) {
      await eachVariant(page, out, view, (locale) => openView(page, locale, view));
    }
    await eachVariant(page, out, 'settings', async (locale, shoot) => {
      await openView(page, locale, 'settings');
      await shoot();
      // One picture per section where settings are split into sections.
      const sections = page.getByRole('tab');
      const count = await sections.count();
      for (let i = 0; i < count; i++) {
        const section = sections.nth(i);
        // The tab's id ends in the section's own id (components/ui/Tabs.tsx), the same in every language.
        const label = (await section.getAttribute('id'))?.split('-tab-').pop() || `section-${i + 1}`;
        await section.click();
        await settle(page);
        await shoot(`settings-${label}`);
      }
    });
    // A reading of a loopback article, paused so that the bar holds still; the panel shows it whenever it opens.
    await harness.waitForVoices();
    const article = await harness.context.newPage();
    await article.goto(pages.url('long.html'));
    await article.bringToFront();
    await page.evaluate(async () => {
      const send = (name: string, payload: object) => chrome.runtime.sendMessage({ channel: 'parley', name, payload });
      await send('reader.start', { windowId: (await chrome.windows.getCurrent()).id });
      await send('reader.control', { action: 'pause' });
    });
    await page.bringToFront();
    await eachVariant(page, out, 'reading-bar', async (locale) => {
      await reopenPanel(page, locale);
      await page.getByRole('region', { name: nameIn(locale, 'Read aloud') }).waitFor();
    });
  } finally {
    await harness.close();
    await mock.close();
    await pages.close();
  }
}

type Shoot = (name?: string) => Promise<void>;

/** Opens a view with `open` in every language, colour scheme and size, and takes its picture (or lets `open` take several). */
async function eachVariant(page: Page, out: string, view: string, open: (locale: ScreenLocale, shoot: Shoot) => Promise<void>) {
  for (const locale of SCREEN_LOCALES) {
    for (const scheme of COLOR_SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const size of SCREEN_SIZES) {
        await page.setViewportSize(size);
        let shot = false;
        const shoot: Shoot = async (name = view) => {
          shot = true;
          await settle(page);
          const path = join(out, `${name}-${locale}-${scheme}-${size.width}x${size.height}.png`);
          await page.screenshot({ path });
          console.log(`wrote ${path}`);
        };
        try {
          await open(locale, shoot);
          if (!shot) await shoot();
        } catch (e) {
          // One view that cannot be reached (mid-redesign) must not cost the others their pictures.
          console.error(`could not capture ${view} ${locale} ${scheme} ${size.width}x${size.height}: ${(e as Error).message}`);
        }
      }
    }
  }
}
