import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { launchExtension, type ExtensionHarness } from './support/extension';
import {
  COLOR_SCHEMES,
  MODEL,
  SCREEN_LOCALES,
  SCREEN_SIZES,
  inspectScreen,
  openView,
  seedStorage,
  settle,
  type ViewName,
} from './support/screens';
import { startOpenAIMock, type OpenAIMock } from '../mocks/openai-server';

/** Below this many visible text nodes a view has not rendered (the empty chat alone has its header, greeting and composer). */
const MIN_VISIBLE_TEXTS = 4;
/** Above this share of one colour the picture is blank: a real view has text and controls on its background. */
const MAX_DOMINANT_COLOUR_SHARE = 0.985;

const VIEWS: ViewName[] = ['empty-chat', 'answered-chat', 'history', 'settings'];

// Every view, in the three scripts the README shows, light and dark, at the panel's usual and smallest sizes:
// nothing blank, nothing running off sideways, and nothing axe objects to.
describe('every view at every size, scheme and language', () => {
  let harness: ExtensionHarness;
  let openai: OpenAIMock;
  let page: Page;

  beforeAll(async () => {
    openai = await startOpenAIMock({ models: [MODEL, 'gpt-4o-mini'] });
    harness = await launchExtension();
    page = await harness.openSidePanelPage();
    await page.getByRole('textbox').first().waitFor();
    await seedStorage(page, openai.url);
  });
  afterAll(async () => {
    await harness?.close();
    await openai?.close();
  });

  it('the checks catch a view that runs off sideways or renders blank', async () => {
    await page.setViewportSize(SCREEN_SIZES[1]);
    await openView(page, 'en-US', 'empty-chat');
    const fine = await inspectScreen(page);
    expect(fine.overflow).toEqual([]);
    await page.evaluate(() => {
      const wide = document.createElement('p');
      wide.className = 'too-wide';
      wide.textContent = 'wide';
      wide.style.inlineSize = '600px';
      document.querySelector('main')!.append(wide);
    });
    // Found as the view it widens, which now scrolls sideways.
    expect((await inspectScreen(page)).overflow.join('\n')).toMatch(/scrolls sideways: 6\d\dpx in 360px/);
    await page.evaluate(() => (document.body.style.visibility = 'hidden'));
    const blank = await inspectScreen(page);
    expect(blank.visibleTexts).toBeLessThan(MIN_VISIBLE_TEXTS);
    expect(blank.dominantColourShare).toBeGreaterThan(MAX_DOMINANT_COLOUR_SHARE);
    expect(fine.visibleTexts).toBeGreaterThanOrEqual(MIN_VISIBLE_TEXTS);
    expect(fine.dominantColourShare).toBeLessThanOrEqual(MAX_DOMINANT_COLOUR_SHARE);
  });

  describe.each(SCREEN_LOCALES)('%s', (locale) => {
    const cases = VIEWS.flatMap((view) => COLOR_SCHEMES.map((scheme) => [view, scheme] as const));
    it.each(cases)('%s, %s', { timeout: 120_000 }, async (view, scheme) => {
      const faults: string[] = [];
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(SCREEN_SIZES[0]);
      await openView(page, locale, view);
      // As it opens, then with every collapsed section open (as axe sees it), at both sizes.
      for (const state of ['collapsed', 'expanded']) {
        if (state === 'expanded') await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
        for (const size of SCREEN_SIZES) {
          await page.setViewportSize(size);
          await settle(page);
          const where = `${view} ${locale} ${scheme} ${size.width}×${size.height} ${state}`;
          const screen = await inspectScreen(page);
          if (screen.visibleTexts < MIN_VISIBLE_TEXTS) faults.push(`${where}: blank, ${screen.visibleTexts} visible texts`);
          if (screen.dominantColourShare > MAX_DOMINANT_COLOUR_SHARE) {
            faults.push(`${where}: blank, ${(screen.dominantColourShare * 100).toFixed(1)}% one colour`);
          }
          faults.push(...screen.overflow.map((o) => `${where}: ${o}`));
        }
      }
      // Colours and names do not change with the size: axe runs once per scheme, at the usual size.
      await page.setViewportSize(SCREEN_SIZES[0]);
      faults.push(...(await axeViolations(page)).map((v) => `${view} ${locale} ${scheme}: axe ${v}`));
      expect(faults).toEqual([]);
    });
  });
});
