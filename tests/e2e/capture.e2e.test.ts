import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchExtension, type ExtensionHarness } from './support/extension';
import { servePages, type PageServer } from './support/page-server';

/** The attached picture's size and how many of its pixels are not the square's red. */
function redness(panel: Page) {
  return panel
    .getByRole('list', { name: 'Attached images' })
    .getByRole('img')
    .first()
    .evaluate(async (img: HTMLImageElement) => {
      const bitmap = await createImageBitmap(await (await fetch(img.src)).blob());
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const data = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      let notRed = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 250 || data[i + 1]! > 5 || data[i + 2]! > 5) notRed++;
      return { width: bitmap.width, height: bitmap.height, notRed };
    });
}

describe('capturing an area of the page', () => {
  let harness: ExtensionHarness;
  let pages: PageServer;
  let panel: Page;
  let square: Page;

  const removeButtons = () => panel.getByRole('button', { name: /^Remove image/ });

  beforeAll(async () => {
    pages = await servePages(join(import.meta.dirname, 'pages/images'));
    harness = await launchExtension();
    panel = await harness.openSidePanelPage();
    square = await harness.context.newPage();
    await square.setViewportSize({ width: 800, height: 600 });
    await square.goto(pages.url('square.html'));
    await square.bringToFront();
  });

  afterAll(async () => {
    await harness?.close();
    await pages?.close();
  });

  async function drag(from: { x: number; y: number }, to: { x: number; y: number }) {
    await square.waitForSelector('parley-region-picker');
    await square.mouse.move(from.x, from.y);
    await square.mouse.down();
    await square.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2);
    await square.mouse.move(to.x, to.y);
    await square.mouse.up();
  }

  it('crops the dragged rectangle out of the visible tab: inside the red square, only red', async () => {
    const scale = await square.evaluate(() => devicePixelRatio);
    await panel.getByRole('button', { name: 'Capture an area of the page' }).click();
    await drag({ x: 110, y: 90 }, { x: 210, y: 170 });
    await expect.poll(() => removeButtons().count(), { timeout: 15_000 }).toBe(1);
    expect(await redness(panel)).toEqual({ width: 100 * scale, height: 80 * scale, notRed: 0 });
    expect(await square.locator('parley-region-picker').count()).toBe(0);
    await removeButtons().click();
  });

  it('takes exactly the square when the drag goes from corner to corner, whichever way', async () => {
    const scale = await square.evaluate(() => devicePixelRatio);
    await panel.getByRole('button', { name: 'Capture an area of the page' }).click();
    await drag({ x: 220, y: 200 }, { x: 100, y: 80 });
    await expect.poll(() => removeButtons().count(), { timeout: 15_000 }).toBe(1);
    expect(await redness(panel)).toEqual({ width: 120 * scale, height: 120 * scale, notRed: 0 });
    await removeButtons().click();
  });

  it('lets Escape cancel, attaching nothing', async () => {
    await panel.getByRole('button', { name: 'Capture an area of the page' }).click();
    await square.waitForSelector('parley-region-picker');
    await square.keyboard.press('Escape');
    await expect.poll(() => square.locator('parley-region-picker').count()).toBe(0);
    await expect.poll(() => panel.getByRole('button', { name: 'Capture an area of the page' }).isEnabled()).toBe(true);
    expect(await removeButtons().count()).toBe(0);
  });

  it('lets Escape in the panel, which keeps the focus after its button is pressed, cancel too', async () => {
    await panel.getByRole('button', { name: 'Capture an area of the page' }).click();
    await square.waitForSelector('parley-region-picker');
    await panel.keyboard.press('Escape');
    await expect.poll(() => square.locator('parley-region-picker').count()).toBe(0);
    await expect.poll(() => panel.getByRole('button', { name: 'Capture an area of the page' }).isEnabled()).toBe(true);
    expect(await removeButtons().count()).toBe(0);
    // The page's own keys are its own again once the overlay has gone.
    expect(await square.evaluate(() => document.querySelector('parley-region-picker'))).toBeNull();
  });

  it('asks about an area from the right-click menu: the panel gets the cropped square', async () => {
    const scale = await square.evaluate(() => devicePixelRatio);
    const tab = await harness.evalInWorker(async (url) => (await chrome.tabs.query({})).find((t) => t.url === url)!, square.url());
    // What Chrome does when the user picks "Ask Parley about this area".
    await harness.evalInWorker(
      ({ tab }) =>
        (chrome.contextMenus.onClicked as unknown as { dispatch(i: unknown, t: unknown): void }).dispatch(
          { menuItemId: 'parley.area', editable: false, pageUrl: tab.url, frameId: 0 },
          tab,
        ),
      { tab },
    );
    await drag({ x: 100, y: 80 }, { x: 220, y: 200 });
    await expect.poll(() => removeButtons().count(), { timeout: 15_000 }).toBe(1);
    expect(await redness(panel)).toEqual({ width: 120 * scale, height: 120 * scale, notRed: 0 });
    await removeButtons().click();
  });

  it('takes a screenshot of the whole visible tab', async () => {
    const scale = await square.evaluate(() => devicePixelRatio);
    await panel.getByRole('button', { name: 'Screenshot of the page' }).click();
    await expect.poll(() => removeButtons().count(), { timeout: 15_000 }).toBe(1);
    const shot = await redness(panel);
    expect({ width: shot.width, height: shot.height }).toEqual({ width: 800 * scale, height: 600 * scale });
    // Only the square is red: 120 × 120 of the screenshot's pixels.
    expect(shot.width * shot.height - shot.notRed).toBe(120 * scale * 120 * scale);
    await removeButtons().click();
  });
});
