import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchExtension, type ExtensionHarness } from './support/extension';
import { openSettingsSection, pickModel, saveProvider } from './support/panel';
import { servePages, type PageServer } from './pages/page/serve';
import { selectText } from './support/page-server';
import { lastUserText, sentChats, startOpenAIMock, type OpenAIMock } from '../mocks/openai-server';

describe('the prompt library: "/" in the message box and prompts in the right-click menu', () => {
  let harness: ExtensionHarness;
  let pages: PageServer;
  let openai: OpenAIMock;
  let panel: Page;

  const composer = () => panel.getByRole('textbox', { name: 'Message' });
  const menu = () => panel.getByRole('listbox', { name: 'Prompts and actions' });
  const chatRequests = () => sentChats(openai);
  const lastUserContent = () => lastUserText(openai);

  async function openArticle(): Promise<Page> {
    const page = await harness.context.newPage();
    await page.goto(pages.url('article.html'));
    await page.bringToFront();
    return page;
  }

  /** The option the message box points at as active. */
  async function activeOption(): Promise<string> {
    const id = await composer().getAttribute('aria-activedescendant');
    return id ? panel.locator(`[id="${id}"]`).innerText() : '';
  }

  beforeAll(async () => {
    [pages, openai] = await Promise.all([servePages(), startOpenAIMock({ models: ['gpt-prompts'] })]);
    harness = await launchExtension();
    panel = await harness.openSidePanelPage();
    await saveProvider(panel, { id: 'mock', name: 'Mock', baseUrl: openai.url });
    await panel.reload();
    await pickModel(panel, 'gpt-prompts');
  });

  afterAll(async () => {
    await harness?.close();
    await Promise.all([pages?.close(), openai?.close()]);
  });

  it('opens on "/", filters, and by keyboard fills the message box with the chosen prompt, selection filled in', async () => {
    const article = await openArticle();
    const selected = await selectText(article, 'article p');

    await composer().focus();
    await composer().press('/');
    await expect.poll(() => menu().isVisible()).toBe(true);
    expect(await menu().getByRole('option').allInnerTexts()).toEqual(
      expect.arrayContaining(['Explain', 'Summarize', 'Translate', 'Fix grammar', 'Use this page']),
    );
    await composer().pressSequentially('trans');
    expect(await menu().getByRole('option').allInnerTexts()).toEqual(['Translate']);
    for (const _ of 'trans') await composer().press('Backspace');
    expect(await activeOption()).toBe('Explain');
    await composer().press('ArrowDown');
    expect(await activeOption()).toBe('Summarize');
    await composer().press('ArrowUp');
    await composer().press('Enter');

    const expected = `Explain this text clearly and simply:\n\n${selected}`;
    await expect.poll(() => composer().inputValue()).toBe(expected);
    expect(await menu().isVisible()).toBe(false);
    expect(chatRequests()).toHaveLength(0);

    // The text is the user's to edit before it goes.
    await composer().press('End');
    await composer().pressSequentially(' Thanks!');
    await composer().press('Enter');
    await expect.poll(() => chatRequests().length, { timeout: 15_000 }).toBe(1);
    expect(lastUserContent()).toBe(`${expected} Thanks!`);
    await article.close();
  });

  it('closes on Escape, keeping the text, and names a variable that found no value', async () => {
    await composer().fill('');
    await composer().focus();
    await composer().pressSequentially('/rewrite');
    await expect.poll(() => menu().isVisible()).toBe(true);
    await composer().press('Escape');
    await expect.poll(() => menu().isVisible()).toBe(false);
    expect(await composer().inputValue()).toBe('/rewrite');

    await composer().fill('');
    await composer().pressSequentially('/rewrite');
    await expect.poll(() => activeOption()).toBe('Rewrite clearly');
    await composer().press('Enter');
    await expect
      .poll(() => composer().inputValue())
      .toBe('Rewrite this text so that it reads clearly, keeping its meaning and its language:\n\n{{input}}');
    const note = panel.getByRole('status').filter({ hasText: 'Nothing was found to fill in {{input}}' });
    await expect.poll(() => note.isVisible()).toBe(true);
    expect(await composer().getAttribute('aria-describedby')).toBe(await note.getAttribute('id'));
    await composer().fill('Rewrite this:\n\nsome words');
    await expect.poll(() => note.isVisible()).toBe(false);
    await composer().fill('');
  });

  it('runs a prompt written in Settings from the right-click menu, with the selected text reaching the model', async () => {
    const settings = await openSettingsSection(panel, 'Prompt library');
    await settings.getByRole('button', { name: 'Add a prompt' }).click();
    const added = settings.getByRole('listitem').last();
    await added.getByLabel('Title', { exact: true }).fill('Haiku');
    await added.getByLabel('Prompt', { exact: true }).fill('Write a haiku about {{selection}}');
    await added.getByRole('checkbox', { name: 'Show when right-clicking selected text' }).check();
    await settings.getByRole('button', { name: 'Save prompts' }).click();
    await expect.poll(() => panel.getByText('Prompts saved.').isVisible()).toBe(true);
    await panel.getByRole('button', { name: 'Settings', exact: true }).click();

    // The menu item is named by the prompt's id, which the library gave it on saving.
    const promptId = await panel.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((done, fail) => {
        const open = indexedDB.open('parley');
        open.onsuccess = () => done(open.result);
        open.onerror = () => fail(open.error);
      });
      const prompts = await new Promise<{ id: string; title: string }[]>((done) => {
        const get = db.transaction('prefs').objectStore('prefs').get('prompts');
        get.onsuccess = () => done(get.result as { id: string; title: string }[]);
      });
      db.close();
      return prompts.find((p) => p.title === 'Haiku')!.id;
    });

    const article = await openArticle();
    const selected = await selectText(article, 'h1');
    const tab = await harness.evalInWorker(async (url) => (await chrome.tabs.query({})).find((t) => t.url === url)!, article.url());
    const before = chatRequests().length;
    await harness.evalInWorker(
      ({ tab, info }) => {
        (chrome.contextMenus.onClicked as unknown as { dispatch(i: unknown, t: unknown): void }).dispatch(info, tab);
      },
      {
        tab,
        info: { menuItemId: `parley.selection.prompt.${promptId}`, editable: false, pageUrl: tab.url, frameId: 0, selectionText: selected },
      },
    );
    await expect.poll(() => chatRequests().length, { timeout: 15_000 }).toBe(before + 1);
    expect(lastUserContent()).toBe(`Write a haiku about ${selected}`);
    await article.close();
  });

  it('starts a new chat with the default persona: the header names it and the model gets its system prompt', async () => {
    const settings = await openSettingsSection(panel, 'Personas');
    await settings.getByRole('button', { name: 'Add a persona' }).click();
    await settings.getByLabel('Name', { exact: true }).fill('Pirate');
    await settings.getByLabel('System prompt', { exact: true }).fill('Talk like a pirate.');
    await settings.getByLabel('Temperature (empty for the model’s default)').fill('1.1');
    await settings.getByRole('radio', { name: 'Default for new chats' }).check();
    await settings.getByRole('button', { name: 'Save personas' }).click();
    await expect.poll(() => panel.getByText('Personas saved.').isVisible()).toBe(true);
    await panel.getByRole('button', { name: 'New chat' }).click();

    expect(await panel.getByRole('combobox', { name: 'Persona for this chat' }).inputValue()).not.toBe('');
    await expect.poll(() => panel.getByRole('note', { name: 'Persona: Pirate' }).isVisible()).toBe(true);
    const before = chatRequests().length;
    await composer().fill('Where is the treasure?');
    await composer().press('Enter');
    await expect.poll(() => chatRequests().length, { timeout: 15_000 }).toBe(before + 1);
    const body = chatRequests().at(-1)!;
    expect(body.messages[0]).toEqual({ role: 'system', content: 'Talk like a pirate.' });
    expect(body.temperature).toBe(1.1);
    expect(await panel.getByRole('note', { name: 'Persona: Pirate' }).isVisible()).toBe(true);
  });
});
