import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { withOpenAIPanel } from './support/suite';
import { axeViolations } from './support/axe';
import {
  backToChat,
  describedBy,
  fillProviderFields,
  openProviders,
  openSettingsSection,
  providerCard,
  providerNames,
  toastTexts,
} from './support/panel';
import type { OpenAIMock } from '../mocks/openai-server';

const KEY = 'sk-settings-e2e-good';
const SECTIONS = ['General', 'Providers', 'Voices & dictation', 'Page & selection', 'Prompt library', 'Personas', 'Plugins', 'Data'];

/** How far the page reaches past its viewport sideways (0 when nothing scrolls sideways). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('Settings', () => {
  let openai: OpenAIMock;
  let page: Page;

  withOpenAIPanel({ apiKey: KEY, models: ['gpt-a', 'gpt-b'] }, (suite) => ({ openai, page } = suite));

  afterEach(() => openai.clear());

  it('is a navigation of sections, each its own view, reachable with the arrow keys', async () => {
    await openSettingsSection(page, 'General');
    expect(await page.getByRole('tablist', { name: 'Settings sections' }).getByRole('tab').allInnerTexts()).toEqual(SECTIONS);
    // Settings loads on demand: wait for it before looking at what it shows.
    await expect.poll(() => page.getByLabel('Language').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add provider' }).count()).toBe(0);

    const general = page.getByRole('tab', { name: 'General' });
    await general.focus();
    // Wide panels list the sections in a column, narrow ones in rows: the arrow follows the list.
    await page.keyboard.press(
      (await page.getByRole('tablist').getAttribute('aria-orientation')) === 'vertical' ? 'ArrowDown' : 'ArrowRight',
    );
    const providers = page.getByRole('tabpanel', { name: 'Providers' });
    await expect.poll(() => providers.getByRole('button', { name: 'Add provider' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Language').count()).toBe(0);

    // Some sections show their controls once their stored settings are read: wait for each.
    const voices = await openSettingsSection(page, 'Voices & dictation');
    await expect.poll(() => voices.getByRole('group', { name: 'Voices' }).isVisible()).toBe(true);
    const pageSection = await openSettingsSection(page, 'Page & selection');
    await expect.poll(() => pageSection.getByRole('switch', { name: 'Quick actions send at once' }).isVisible()).toBe(true);
    const plugins = await openSettingsSection(page, 'Plugins');
    await expect.poll(() => plugins.getByLabel('Plugin manifest or index URL').isVisible()).toBe(true);
    const data = await openSettingsSection(page, 'Data');
    await expect.poll(() => data.getByRole('button', { name: 'Export' }).isVisible()).toBe(true);
    expect(await data.getByRole('button', { name: 'Clear all data…' }).isVisible()).toBe(true);
  });

  it('switches the theme from General, on <html> at once', async () => {
    const general = await openSettingsSection(page, 'General');
    const theme = general.getByRole('group', { name: 'Theme' });
    expect(await theme.getByRole('radio', { name: 'System' }).isChecked()).toBe(true);
    await theme.getByRole('radio', { name: 'Dark' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await axeViolations(page)).toEqual([]);
    await theme.getByRole('radio', { name: 'Light' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await theme.getByRole('radio', { name: 'System' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme ?? 'none')).toBe('none');
  });

  it('adds a provider through a chooser of every kind, asking first only for what that kind needs', async () => {
    const section = await openProviders(page);
    await section.getByRole('button', { name: 'Add provider' }).click();
    const kinds = section.getByRole('list').getByRole('button');
    expect(await kinds.allInnerTexts()).toEqual([
      'OpenAI',
      'OpenAI-compatible',
      'Ollama',
      'Azure AI Inference',
      'Amazon Bedrock',
      'Google Gemini',
      'Anthropic',
      'OpenRouter',
      'Groq',
      'DeepSeek',
      'Mistral AI',
      'xAI',
      'Together AI',
      'Fireworks AI',
      'Perplexity',
      'LM Studio',
      'llama.cpp server',
      'vLLM',
    ]);
    expect(await describedBy(section.getByRole('button', { name: 'Ollama', exact: true }))).toContain('no key needed');
    expect(await axeViolations(page)).toEqual([]);

    await section.getByRole('button', { name: 'OpenAI', exact: true }).click();
    const form = page.getByRole('region', { name: 'New provider' });
    // Only the key shows; organization, base URL and extra headers wait under "Advanced".
    expect(await form.getByLabel('API key', { exact: true }).isVisible()).toBe(true);
    for (const rare of ['Organization', 'Base URL', 'Extra headers (JSON)']) {
      expect(await form.getByLabel(rare, { exact: true }).isVisible()).toBe(false);
    }
    expect(await form.getByRole('link', { name: 'Get a key from OpenAI' }).getAttribute('href')).toBe(
      'https://platform.openai.com/api-keys',
    );
    expect(await form.getByRole('button', { name: 'Remove provider' }).count()).toBe(0);

    // Saving without a key is refused at the key's field, in words, before anything is sent.
    await form.getByRole('button', { name: 'Save' }).click();
    const key = form.getByLabel('API key', { exact: true });
    await expect.poll(() => key.getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy(key)).toContain('Credential is missing');
    await expect.poll(() => key.evaluate((el) => el === document.activeElement)).toBe(true);

    await form.getByText('Advanced', { exact: true }).click();
    expect(await form.getByLabel('Organization', { exact: true }).isVisible()).toBe(true);
    await form.getByLabel('Base URL', { exact: true }).fill('not an address');
    await key.fill(KEY);
    await form.getByRole('button', { name: 'Save' }).click();
    const base = form.getByLabel('Base URL', { exact: true });
    await expect.poll(() => base.getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy(base)).toContain('This address is not valid');

    await base.fill(openai.url);
    await form.getByRole('button', { name: 'Save' }).click();
    // Saved: a toast says so and the list is back, with the new provider's card.
    await expect.poll(() => toastTexts(page)).toContain('OpenAI saved.');
    await expect.poll(() => providerNames(page)).toEqual(['OpenAI']);
    await expect.poll(() => providerCard(page, 'OpenAI').innerText()).toMatch(/Connected · 2 models/);
    expect(await section.getByRole('button', { name: 'Add provider' }).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('keeps the result of Test connection on the form and on the card: a refused key stays visible', async () => {
    const section = await openProviders(page);
    await section.getByRole('button', { name: 'Add provider' }).click();
    await section.getByRole('button', { name: 'OpenAI-compatible', exact: true }).click();
    const form = page.getByRole('region', { name: 'New provider' });
    await fillProviderFields(form, { 'Base URL': openai.url, 'API key': 'sk-revoked', Name: 'Refused one' });
    await form.getByRole('button', { name: 'Test connection' }).click();

    // The test saved the provider: its form now offers Remove, and shows the refusal at the key.
    const saved = page.getByRole('form', { name: 'Refused one' });
    const key = saved.getByLabel('API key', { exact: true });
    await expect.poll(() => key.getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy(key)).toContain('The key was refused');
    expect(await saved.getByRole('button', { name: 'Remove provider' }).isVisible()).toBe(true);

    await saved.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => providerNames(page)).toContain('Refused one');
    await expect.poll(() => providerCard(page, 'Refused one').innerText()).toContain('Key refused');

    // With the right key the same card says so, with the model count.
    await section.getByRole('button', { name: 'Refused one', exact: true }).click();
    const again = page.getByRole('form', { name: 'Refused one' });
    expect(await describedBy(again.getByLabel('API key', { exact: true }))).toContain('The key was refused');
    await again.getByLabel('API key', { exact: true }).fill(KEY);
    await again.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => again.getByText('Connected: 2 models available.').isVisible()).toBe(true);
    // Focus stayed on the button while it tested; Escape steps back to the list (not out of Settings).
    expect(await again.getByRole('button', { name: 'Test connection' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => providerNames(page)).toContain('Refused one');
    expect(await providerCard(page, 'Refused one').innerText()).toMatch(/Connected · 2 models/);
  });

  it('removes a provider at once without asking, and Undo brings it back with its key', async () => {
    const section = await openProviders(page);
    const before = await providerNames(page);
    expect(before).toContain('Refused one');
    await providerCard(page, 'Refused one').getByRole('button', { name: 'Remove Refused one' }).click();
    await expect.poll(() => providerNames(page)).toEqual(before.filter((n) => n !== 'Refused one'));
    // The list can change (from the change feed) a moment before the toast is shown.
    await expect.poll(() => toastTexts(page)).toContain('Refused one removed.');

    await page.locator('.ui-toast').filter({ hasText: 'Refused one removed.' }).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => providerNames(page)).toEqual(before);
    // The key came back too: the restored provider still connects.
    await section.getByRole('button', { name: 'Refused one', exact: true }).click();
    const form = page.getByRole('form', { name: 'Refused one' });
    expect(await form.getByLabel('API key', { exact: true }).getAttribute('placeholder')).toContain('Saved');
    openai.clear();
    await form.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => form.getByText('Connected: 2 models available.').isVisible()).toBe(true);
    expect(openai.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('fits speech settings inside a 400 px panel, and nothing scrolls sideways at 360 px', async () => {
    await page.setViewportSize({ width: 400, height: 900 });
    const voices = await openSettingsSection(page, 'Voices & dictation');
    for (const family of ['Browser voices', 'Microsoft neural voices', 'OpenAI voices']) {
      await voices.getByRole('radio', { name: family, exact: true }).check();
      const width = await voices.locator('.speech-settings').evaluate((el) => el.scrollWidth);
      expect(width).toBeLessThanOrEqual(400);
      expect(await sidewaysOverflow(page)).toBe(0);
    }
    await page.setViewportSize({ width: 360, height: 640 });
    for (const name of SECTIONS) {
      await openSettingsSection(page, name);
      expect(await sidewaysOverflow(page), name).toBe(0);
    }
    await openProviders(page);
    await page.getByRole('button', { name: 'Add provider' }).click();
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.getByRole('button', { name: 'Amazon Bedrock', exact: true }).click();
    await page.getByText('Advanced', { exact: true }).click();
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  it('clears all data only after a confirmation, and starts afresh', async () => {
    const data = await openSettingsSection(page, 'Data');
    await data.getByRole('button', { name: 'Clear all data…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Clear all data' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await (await openProviders(page)).getByRole('list', { name: 'Providers' }).count()).toBe(1);

    await (await openSettingsSection(page, 'Data')).getByRole('button', { name: 'Clear all data…' }).click();
    // Listened for before the click: a quick clear can reload the panel before the click's promise settles.
    const reloaded = page.waitForEvent('load');
    await page.getByRole('dialog', { name: 'Clear all data' }).getByRole('button', { name: 'Clear everything' }).click();
    await reloaded;
    await backToChat(page);
    await openProviders(page);
    expect(await providerNames(page)).toEqual([]);
  });
});
