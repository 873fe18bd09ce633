import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OpenAIMock } from '../mocks/openai-server';
import type { ExtensionHarness } from './support/extension';
import { withConfiguredProvider } from './support/suite';
import { holdAppUntilReleased, releaseApp } from './support/hold-app';
import { conversation, waitForAnswer } from './support/panel';

const focusedBox = (page: Page) =>
  page.evaluate(() => {
    const box = document.activeElement;
    return box instanceof HTMLTextAreaElement
      ? { name: box.getAttribute('aria-label'), early: !!box.closest('#early-composer'), value: box.value }
      : null;
  });

describe('the message box before the app has loaded', () => {
  let mock: OpenAIMock;
  let harness: ExtensionHarness;

  withConfiguredProvider({ models: ['gpt-test'] }, (suite) => ({ openai: mock, harness } = suite));

  afterEach(() => mock.clear());

  async function openHeld(): Promise<Page> {
    const page = await harness.context.newPage();
    await page.addInitScript(holdAppUntilReleased);
    await page.goto(harness.extensionUrl('sidepanel.html'));
    // Only the early box is there: named, focused, and no app around it yet.
    await expect.poll(() => focusedBox(page)).toEqual({ name: 'Message', early: true, value: '' });
    expect(await page.getByRole('button', { name: 'Settings', exact: true }).count()).toBe(0);
    return page;
  }

  it('sends what was typed and entered before the app loaded, once it has', async () => {
    const page = await openHeld();
    await page.keyboard.type('Hello before loading');
    await page.keyboard.press('Enter');
    mock.enqueue({ kind: 'text', text: 'Answered after loading.' });
    await releaseApp(page);

    await waitForAnswer(page, 'Answered after loading.');
    await expect.poll(() => conversation(page).getByRole('article', { name: 'You' }).innerText()).toContain('Hello before loading');
    const sent = mock.requests.find((r) => r.path.endsWith('/chat/completions'))!;
    expect(JSON.stringify(sent.body)).toContain('Hello before loading');
    expect(await page.locator('#early-composer').count()).toBe(0);
    await page.close();
  });

  it('hands unsent text and the cursor to the app, and typing goes on there', async () => {
    const page = await openHeld();
    await page.keyboard.type('Half a');
    await releaseApp(page);

    await expect.poll(() => page.getByRole('button', { name: 'Settings', exact: true }).count()).toBe(1);
    expect(await focusedBox(page)).toEqual({ name: 'Message', early: false, value: 'Half a' });
    await page.keyboard.type(' thought');
    expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('Half a thought');
    // Handed over, not sent: no request has carried it.
    expect(mock.requests.filter((r) => JSON.stringify(r.body ?? null).includes('Half a'))).toEqual([]);
    await page.close();
  });
});
