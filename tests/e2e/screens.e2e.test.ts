import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { COLOR_SCHEMES, SCREEN_LOCALES, SCREEN_SIZES, inspectScreen, reopenPanel, repainted, settle } from './support/screens';
import { SCREEN_STAGES, startScreenWorld, type ScreenView, type ScreenWorld } from './support/screen-views';
import type { ScreenLocale } from './support/screens';

/** Below this many visible text nodes a view has not rendered (the empty chat alone has its header, greeting and composer). */
const MIN_VISIBLE_TEXTS = 4;
/** Above this share of one colour the picture is blank: a real view has text and controls on its background. */
const MAX_DOMINANT_COLOUR_SHARE = 0.985;
/** The axe rules (of those it runs by default) whose outcome depends on colours. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

// Every view and open state of screen-views.ts (the list `npm run screenshots` pictures), in the three scripts the
// README shows, light and dark, at the panel's usual and smallest sizes: nothing blank, nothing running off
// sideways, and nothing axe objects to. Each language reloads the panel once; its views are reached from one another.
describe('every view at every size, scheme and language', () => {
  let world: ScreenWorld;

  beforeAll(async () => {
    world = await startScreenWorld();
  });
  afterAll(async () => {
    await world?.close();
  });

  it('the checks catch a view that runs off sideways or renders blank', async () => {
    const { page } = world;
    await page.setViewportSize(SCREEN_SIZES[1]);
    await reopenPanel(page, 'en-US');
    // The first-run card loads on demand: a fixed wait measured it half drawn on a busy machine.
    await page.getByRole('heading', { name: 'Welcome to Parley' }).waitFor();
    await page.locator('.onboarding-searching').waitFor({ state: 'detached' });
    await settle(page);
    const fine = await inspectScreen(page);
    expect(fine.overflow).toEqual([]);
    expect(fine.parted).toEqual([]);
    await page.evaluate(() => {
      const wide = document.createElement('p');
      wide.className = 'too-wide';
      wide.textContent = 'wide';
      wide.style.inlineSize = '600px';
      document.querySelector('main')!.append(wide);
    });
    // Found as the view it widens, which now scrolls sideways.
    expect((await inspectScreen(page)).overflow.join('\n')).toMatch(/scrolls sideways: 6\d\dpx in 360px/);
    // A radio button left at the end of a line, its label's one long word wrapped onto the next.
    await page.evaluate(() => {
      const label = document.createElement('label');
      label.style.cssText = 'display: block; inline-size: 48px';
      label.append(Object.assign(document.createElement('input'), { type: 'radio' }), 'Unbreakablylongword');
      document.querySelector('main')!.append(label);
    });
    expect((await inspectScreen(page)).parted.join('\n')).toMatch(/its text starts on another line than its radio/);
    // Text too faint to read is found by the colour rules alone, as run after a scheme switch.
    await page.evaluate(() => {
      const faint = document.createElement('p');
      faint.textContent = 'faint';
      // On top of the view, in sight: axe leaves text it cannot see against its background undecided.
      faint.style.cssText = 'position: fixed; inset: 0 auto auto 0; z-index: 10; color: #eee; background: #fff';
      document.body.append(faint);
    });
    expect((await axeViolations(page, COLOUR_RULES)).join('\n')).toMatch(/^color-contrast/m);
    await page.evaluate(() => (document.body.style.visibility = 'hidden'));
    const blank = await inspectScreen(page);
    expect(blank.visibleTexts).toBeLessThan(MIN_VISIBLE_TEXTS);
    expect(blank.dominantColourShare).toBeGreaterThan(MAX_DOMINANT_COLOUR_SHARE);
    expect(fine.visibleTexts).toBeGreaterThanOrEqual(MIN_VISIBLE_TEXTS);
    expect(fine.dominantColourShare).toBeLessThanOrEqual(MAX_DOMINANT_COLOUR_SHARE);
  });

  /** What is wrong with the view on screen, at both sizes. */
  async function faultsAtBothSizes(where: string): Promise<string[]> {
    const { page } = world;
    const faults: string[] = [];
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await repainted(page);
      const at = `${where} ${size.width}×${size.height}`;
      const screen = await inspectScreen(page);
      if (screen.visibleTexts < MIN_VISIBLE_TEXTS) faults.push(`${at}: blank, ${screen.visibleTexts} visible texts`);
      if (screen.dominantColourShare > MAX_DOMINANT_COLOUR_SHARE) {
        faults.push(`${at}: blank, ${(screen.dominantColourShare * 100).toFixed(1)}% one colour`);
      }
      faults.push(...[...screen.overflow, ...screen.parted].map((o) => `${at}: ${o}`));
    }
    return faults;
  }

  async function check(view: ScreenView, locale: ScreenLocale): Promise<string[]> {
    const { page } = world;
    const faults: string[] = [];
    await page.setViewportSize(SCREEN_SIZES[0]);
    await view.open(page, locale, world);
    // As it opens, in both schemes; then with every collapsed section open (as axe sees it), if it has any.
    for (const scheme of COLOR_SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      faults.push(...(await faultsAtBothSizes(`${view.name} ${locale} ${scheme}`)));
    }
    const collapsed = await page.evaluate(() => {
      const closed = [...document.querySelectorAll('details')].filter((d) => !d.open);
      closed.forEach((d) => (d.open = true));
      return closed.length;
    });
    for (const scheme of COLOR_SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      if (collapsed) faults.push(...(await faultsAtBothSizes(`${view.name} ${locale} ${scheme} expanded`)));
      // Colours and names do not change with the size: axe runs once per scheme, at the usual size; and a scheme
      // changes only colours, so after the first one only the rules about colour run again.
      await page.setViewportSize(SCREEN_SIZES[0]);
      const rules = scheme === COLOR_SCHEMES[0] ? undefined : COLOUR_RULES;
      faults.push(...(await axeViolations(page, rules)).map((v) => `${view.name} ${locale} ${scheme}: axe ${v}`));
    }
    return faults;
  }

  for (const stage of SCREEN_STAGES) {
    describe(`with ${stage.name}`, () => {
      beforeAll(() => stage.prepare(world));
      describe.each(SCREEN_LOCALES)('%s', (locale) => {
        beforeAll(() => reopenPanel(world.page, locale));
        it.each(stage.views.map((view) => [view.name, view] as const))('%s', { timeout: 120_000 }, async (_name, view) => {
          expect(await check(view, locale)).toEqual([]);
        });
      });
    });
  }
});
