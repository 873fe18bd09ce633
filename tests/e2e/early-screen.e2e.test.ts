import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OpenAIMock } from '../mocks/openai-server';
import type { ExtensionHarness } from './support/extension';
import { withConfiguredProvider } from './support/suite';
import { holdAppUntilReleased, releaseApp } from './support/hold-app';
import { seedConversation } from './support/idb';
import { conversation, lastAnswer, sendMessage, waitForAnswer } from './support/panel';

/** The copy of the last screen the panel keeps for its next open (components/startup/last-screen.ts), or null. */
const keptScreen = (page: Page) => page.evaluate(() => localStorage.getItem('parley.lastScreen'));

/**
 * Resolves once an idle callback asked for now has run: idle callbacks run in the order asked for, so the one the
 * settled answer's effect asked for (two frames ago at the latest) has run by then.
 */
const afterIdleCopy = (page: Page) =>
  page.evaluate(async () => {
    await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
    await new Promise((idle) => requestIdleCallback(idle));
  });

/** Where an element sits on the page, rounded to whole pixels. */
const placeOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const box = el.getBoundingClientRect();
    return { top: Math.round(box.top), bottom: Math.round(box.bottom) };
  });

/** Each matching element's box, colours and font, as one line each. */
const looksOf = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) =>
    els.map((el) => {
      const { x, y, width, height } = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return [x, y, width, height, style.color, style.backgroundColor, style.font, style.borderRadius].join(' ');
    }),
  );

/** Turns the stylesheets the page links (the app's) off or back on. */
const appSheets = (page: Page, on: boolean) =>
  page.evaluate((on) => {
    for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) link.disabled = !on;
  }, on);

describe('the last screen, painted before the app has loaded', () => {
  let mock: OpenAIMock;
  let harness: ExtensionHarness;

  withConfiguredProvider({ models: ['gpt-test'] }, (suite) => ({ openai: mock, harness } = suite));

  /** A panel page whose app waits for the test: only what the page paints on its own shows. */
  async function openHeld(): Promise<Page> {
    const page = await harness.context.newPage();
    await page.addInitScript(holdAppUntilReleased);
    await page.goto(harness.extensionUrl('sidepanel.html'));
    return page;
  }

  it('shows the conversation as it was left, where the app then shows it, and hands over to the app', async () => {
    const page = await harness.openSidePanelPage();
    mock.enqueue({ kind: 'text', text: 'The copy keeps this answer.' });
    await sendMessage(page, 'Remember this screen');
    await waitForAnswer(page, 'The copy keeps this answer.');
    await expect.poll(() => keptScreen(page)).toContain('The copy keeps this answer.');
    await page.close();

    const held = await openHeld();
    const screen = held.locator('#early-screen');
    // Shown by the page on its own: the app itself has not rendered.
    await screen.waitFor();
    expect(await screen.getByRole('article').count()).toBe(0);
    expect(await screen.locator('article').allInnerTexts()).toEqual([
      expect.stringContaining('Remember this screen'),
      expect.stringContaining('The copy keeps this answer.'),
    ]);
    // A picture for the eyes: out of the accessibility tree and out of reach of focus and the pointer.
    expect(await held.getByRole('log').count()).toBe(0);
    expect(await screen.evaluate((el) => ({ inert: (el as HTMLElement).inert, hidden: el.getAttribute('aria-hidden') }))).toEqual({
      inert: true,
      hidden: 'true',
    });
    expect(
      await held.locator('[id]').evaluateAll((els) => els.filter((el) => el.closest('#early-screen') && el.id !== 'early-screen').length),
    ).toBe(0);
    // The message box stays the early one, focused and taking keys above nothing it covers.
    expect(await held.evaluate(() => document.activeElement?.closest('#early-composer') !== null)).toBe(true);
    const copied = await placeOf(held, '#early-screen article:last-of-type');
    expect(copied.bottom).toBeLessThanOrEqual((await placeOf(held, '#early-composer')).top);
    // The copy carries its own rules: without the app's stylesheets, which it does not wait for, it looks as with them.
    await expect
      .poll(() =>
        held.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet)),
      )
      .toBe(true);
    const withAppSheets = await looksOf(held, '#early-screen *');
    await appSheets(held, false);
    expect(await looksOf(held, '#early-screen *')).toEqual(withAppSheets);
    await appSheets(held, true);

    await releaseApp(held);
    await expect.poll(() => lastAnswer(held).innerText()).toContain('The copy keeps this answer.');
    expect(await held.locator('#early-screen').count()).toBe(0);
    // The app's answer stands where its copy stood: nothing jumps when the app takes over.
    const live = await lastAnswer(held).evaluate((el) => Math.round(el.getBoundingClientRect().bottom));
    expect(Math.abs(live - copied.bottom)).toBeLessThanOrEqual(2);
    await held.close();
  });

  it('shows a long conversation at its latest message, as the app opens it', async () => {
    const seeder = await harness.openSidePanelPage();
    await seedConversation(seeder, {
      id: 'long-copy',
      count: 80,
      last: 'The latest of many.',
      model: { providerId: 'bench', model: 'gpt-test' },
    });
    await seeder.reload();
    await expect.poll(() => lastAnswer(seeder).innerText()).toContain('The latest of many.');
    await expect.poll(() => keptScreen(seeder)).toContain('The latest of many.');
    await seeder.close();

    const held = await openHeld();
    const screen = held.locator('#early-screen');
    await screen.waitFor();
    // Only the messages in view were kept, the latest last, and the copy shows its end.
    const kept = await screen.locator('article').count();
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(20);
    const copied = await placeOf(held, '#early-screen article:last-of-type');
    expect(copied.bottom).toBeLessThanOrEqual((await placeOf(held, '#early-composer')).top);
    expect(copied.bottom).toBeGreaterThan((await placeOf(held, '#early-screen')).bottom - 100);

    await releaseApp(held);
    await expect.poll(() => lastAnswer(held).innerText()).toContain('The latest of many.');
    expect(await held.locator('#early-screen').count()).toBe(0);
    const offset = async () => Math.abs((await lastAnswer(held).evaluate((el) => el.getBoundingClientRect().bottom)) - copied.bottom);
    await expect.poll(offset).toBeLessThanOrEqual(2);
    // Nor once the earlier messages are in and the list is virtualised.
    await held.locator('.message-slots').waitFor();
    await expect.poll(offset).toBeLessThanOrEqual(2);
    await held.close();
  });

  it('keeps no copy that may be out of date, and none of a deleted message or conversation', async () => {
    const page = await harness.openSidePanelPage();
    const copy = async () => (await keptScreen(page)) ?? '';
    await page.getByRole('button', { name: 'New chat' }).click();
    mock.enqueue({ kind: 'text', text: 'A first answer.' });
    await sendMessage(page, 'First question');
    await waitForAnswer(page, 'A first answer.');
    await expect.poll(copy).toContain('A first answer.');

    // A panel closed now would reopen on an answer that goes on without it: no copy is kept meanwhile.
    mock.enqueue({ kind: 'hang-after', text: 'Still being written' });
    await sendMessage(page, 'Second question');
    await waitForAnswer(page, 'Still being written');
    expect(await keptScreen(page)).toBeNull();

    // Scrolled up by the reader, the answer ends out of view: the copy would not show how it ended, so none is taken.
    await conversation(page).evaluate((log) => (log.style.paddingBlockStart = '3000px'));
    await conversation(page).hover();
    await page.mouse.wheel(0, -2000);
    await expect.poll(() => page.getByRole('button', { name: 'Scroll to latest' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => lastAnswer(page).getAttribute('aria-busy')).toBe('false');
    // The copy is attempted in an idle callback (use-last-screen.ts); one asked for after it runs after it.
    await afterIdleCopy(page);
    expect(await keptScreen(page)).toBeNull();
    await conversation(page).evaluate((log) => log.style.removeProperty('padding-block-start'));

    // Back at the end with a new answer, the copy is taken again; a message deleted is not left in it.
    mock.enqueue({ kind: 'text', text: 'A third answer.' });
    await sendMessage(page, 'Third question');
    await waitForAnswer(page, 'A third answer.');
    await expect.poll(copy).toContain('A third answer.');
    expect(await copy()).toContain('First question');
    await conversation(page).getByRole('article', { name: 'You' }).first().getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => conversation(page).innerText()).not.toContain('First question');
    // Forgotten once the storage change feed reports the message gone (follow-early-copies.ts).
    await expect.poll(copy).not.toContain('First question');

    // Deleting the conversation from the history drops its copy.
    mock.enqueue({ kind: 'text', text: 'A fourth answer.' });
    await sendMessage(page, 'Fourth question');
    await waitForAnswer(page, 'A fourth answer.');
    await expect.poll(copy).toContain('A fourth answer.');
    await page.getByRole('button', { name: 'Conversations' }).click();
    await page
      .getByRole('button', { name: /^More actions for / })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect.poll(() => keptScreen(page)).toBeNull();
    await page.close();

    const held = await openHeld();
    await expect.poll(() => held.evaluate(() => document.getElementById('early-composer') !== null)).toBe(true);
    expect(await held.locator('#early-screen').count()).toBe(0);
    await releaseApp(held);
    await held.close();
  });
});
