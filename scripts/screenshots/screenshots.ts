import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { COLOR_SCHEMES, SCREEN_LOCALES, SCREEN_SIZES, settle } from '../../tests/e2e/support/screens';
import { startScreenWorld, visitScreens } from '../../tests/e2e/support/screen-views';

/**
 * Pictures of every view of the side panel (the list of tests/e2e/support/screen-views.ts, which the screens test
 * checks too), at 400×900 and 360×640, light and dark, in English, Arabic and Japanese, into docs/screenshots/ as
 * `<view>-<locale>-<scheme>-<width>x<height>.png`. Views are reached by the accessible names of their controls, so a
 * redesign changes the pictures, not this script.
 */
export async function main(root: string): Promise<void> {
  const out = join(root, 'docs/screenshots');
  mkdirSync(out, { recursive: true });
  const world = await startScreenWorld(join(root, '.output/chrome-mv3'));
  const { page } = world;
  try {
    await visitScreens(world, SCREEN_LOCALES, async (view, locale) => {
      try {
        await page.setViewportSize(SCREEN_SIZES[0]);
        await view.open(page, locale, world);
      } catch (e) {
        // One view that cannot be reached (mid-redesign) must not cost the others their pictures.
        console.error(`could not open ${view.name} ${locale}: ${(e as Error).message}`);
        return;
      }
      for (const scheme of COLOR_SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const size of SCREEN_SIZES) {
          await page.setViewportSize(size);
          await settle(page);
          const path = join(out, `${view.name}-${locale}-${scheme}-${size.width}x${size.height}.png`);
          await page.screenshot({ path });
          console.log(`wrote ${path}`);
        }
      }
    });
  } finally {
    await world.close();
  }
}
