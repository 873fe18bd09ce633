import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchExtension, type ExtensionHarness } from './support/extension';
import { axeViolations } from './support/axe';
import { conversation, listedModels, modelPicker, saveProvider, waitForAnswer } from './support/panel';
import { startOpenAIMock, type OpenAIMock } from '../mocks/openai-server';

const KEY = 'sk-shell-e2e-123456';

/** The accessible name of what has focus, as a screen reader would announce it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
  });

describe('the panel’s shell: first run, header, model picker', () => {
  let harness: ExtensionHarness;
  let openai: OpenAIMock;
  let page: Page;

  beforeAll(async () => {
    // OpenAI lists speech, transcription, embedding and image models next to its chat models.
    openai = await startOpenAIMock({
      apiKey: KEY,
      models: ['dall-e-3', 'gpt-3.5-turbo', 'gpt-4o', 'gpt-4o-mini', 'gpt-4o-mini-tts', 'text-embedding-3-small', 'tts-1', 'whisper-1'],
    });
    harness = await launchExtension();
    page = await harness.openSidePanelPage();
  });

  afterAll(async () => {
    await harness?.close();
    await openai?.close();
  });

  it('first run: paste a key, Parley tests it and says why it was refused, then the message box is ready', async () => {
    const card = page.getByRole('form', { name: 'Connect with an API key' });
    await card.waitFor();
    // Open the panel, paste the key, press Enter: the key field has the cursor from the start.
    await expect.poll(() => card.getByLabel('API key', { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await card.getByRole('radio', { name: 'OpenAI' }).isChecked()).toBe(true);
    expect(await card.getByRole('link', { name: /Get a key from OpenAI/ }).getAttribute('target')).toBe('_blank');
    await card.locator('summary').click();
    expect(await axeViolations(page)).toEqual([]);

    // The mock stands in for api.openai.com at its loopback address.
    await card.getByRole('textbox', { name: 'Base URL' }).fill(openai.url);
    const key = card.getByLabel('API key', { exact: true });
    await key.fill('sk-wrong-key-000000');
    await key.press('Enter');
    await expect.poll(() => key.getAttribute('aria-invalid')).toBe('true');
    expect(await card.innerText()).toContain('The key was refused');

    await key.fill(KEY);
    await card.getByRole('button', { name: 'Connect' }).click();
    await card.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Connected: 3 models available.' }).count()).toBe(1);
    await expect.poll(() => focused(page)).toBe('Message');
    await page.keyboard.type('Hi');
    openai.enqueue({ kind: 'text', text: 'Hello from the first run.' });
    await page.keyboard.press('Enter');
    await waitForAnswer(page, 'Hello from the first run.');
    // The recommended model, not the alphabetically first.
    const chat = openai.requests.find((r) => r.path.endsWith('/chat/completions'))!;
    expect(chat.body).toMatchObject({ model: 'gpt-4o-mini' });
  });

  it('offers only chat models, grouped under the provider with its state, searched and picked by keyboard', async () => {
    expect(await listedModels(page)).toEqual(['gpt-3.5-turbo', 'gpt-4o', 'gpt-4o-mini']);
    expect(await modelPicker(page).innerText()).toContain('gpt-4o-mini');

    await modelPicker(page).focus();
    await page.keyboard.press('Enter');
    const list = page.getByRole('listbox', { name: 'Models' });
    expect(await list.getByRole('group', { name: 'OpenAI' }).innerText()).toContain('Connected');
    expect(await axeViolations(page)).toEqual([]);
    await expect.poll(() => focused(page)).toBe('Search models');
    await page.keyboard.type('4o');
    expect(await list.getByRole('option').allInnerTexts()).toEqual(['gpt-4o', 'gpt-4o-mini']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await list.waitFor({ state: 'detached' });
    expect(await modelPicker(page).innerText()).toContain('gpt-4o');
    expect(await modelPicker(page).innerText()).not.toContain('mini');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('dialog');

    // Escape closes without changing the model and gives focus back to the picker.
    await page.keyboard.press('Enter');
    await page.keyboard.type('3.5');
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    expect(await modelPicker(page).innerText()).not.toContain('3.5');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('dialog');
  });

  it('Escape leaves Settings and History for the chat, after an open popover has had its Escape', async () => {
    const settings = page.getByRole('button', { name: 'Settings', exact: true });
    await settings.click();
    await expect.poll(() => settings.getAttribute('aria-pressed')).toBe('true');
    await modelPicker(page).click();
    await page.getByRole('listbox', { name: 'Models' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox', { name: 'Models' }).waitFor({ state: 'detached' });
    expect(await settings.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => settings.getAttribute('aria-pressed')).toBe('false');
    await conversation(page).waitFor();
    await expect.poll(() => focused(page)).toBe('Message');

    const history = page.getByRole('button', { name: 'Conversations', exact: true });
    await history.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => history.getAttribute('aria-pressed')).toBe('true');
    await history.focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => history.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => focused(page)).toBe('Message');
  });

  it('keeps the header in one row inside a narrow panel (200 % zoom), the model picker giving way', async () => {
    await page.setViewportSize({ width: 200, height: 450 });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBe(0);
    // One row: every header control is centred on the same line.
    const centres = await page.evaluate(() =>
      [...document.querySelectorAll('header button')].map((b) => {
        const r = b.getBoundingClientRect();
        return r.top + r.height / 2;
      }),
    );
    expect(centres).toHaveLength(4);
    expect(Math.max(...centres) - Math.min(...centres)).toBeLessThan(4);
    const inside = await page.evaluate(() =>
      [...document.querySelectorAll('header button')].every((b) => {
        const r = b.getBoundingClientRect();
        return r.left >= 0 && r.right <= document.documentElement.clientWidth;
      }),
    );
    expect(inside).toBe(true);
    await page.setViewportSize({ width: 400, height: 900 });
  });

  it('shows a revoked key in the empty chat, with a way straight to that provider in Settings', async () => {
    await saveProvider(page, { id: 'revoked', name: 'Work proxy', baseUrl: openai.url }, { apiKey: 'sk-revoked-000000' });
    await page.getByRole('button', { name: 'New chat' }).click();
    // The panel forgets its last conversation with a write of its own; reloading before that reopens the old one.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('parley.lastConversation'))).toBeNull();
    await page.reload();
    const refusal = conversation(page).getByRole('region', { name: 'Work proxy' });
    await expect.poll(() => refusal.innerText()).toContain('The key was refused');
    expect(await listedModels(page)).toEqual(['gpt-3.5-turbo', 'gpt-4o', 'gpt-4o-mini']);
    await modelPicker(page).click();
    expect(await page.getByRole('listbox', { name: 'Models' }).getByRole('group', { name: 'Work proxy' }).innerText()).toContain(
      'Needs a key',
    );
    await page.keyboard.press('Escape');
    await refusal.getByRole('button', { name: 'Open Work proxy in Settings' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Settings', exact: true }).getAttribute('aria-pressed')).toBe('true');
    // Straight to that provider's key: its form is open and the key field has the cursor.
    const form = page.getByRole('form', { name: 'Work proxy' });
    await expect.poll(() => form.getByLabel('API key', { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
