import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { launchExtension, type ExtensionHarness } from './support/extension';
import { pickModel, saveProvider } from './support/panel';
import { servePages, type PageServer } from './pages/page/serve';
import { selectText } from './support/page-server';
import { lastUserText, sentChats, startOpenAIMock, type OpenAIMock } from '../mocks/openai-server';

const RESTRICTED = 'Parley can’t read this page: the browser doesn’t let extensions see it.';

describe('asking about a selection and chatting with the page', () => {
  let harness: ExtensionHarness;
  let pages: PageServer;
  /** A second origin, so the frame test crosses origins as real embeds do. */
  let framePages: PageServer;
  let openai: OpenAIMock;
  let panel: Page;

  /** The context waiting to be sent: unlike the copies in sent messages, it has remove buttons. */
  const chip = () => panel.getByRole('list', { name: 'Attached context' }).filter({ has: panel.getByRole('button') });
  const notices = () => panel.getByRole('status').allInnerTexts();
  const composer = () => panel.getByRole('textbox', { name: 'Message' });
  const usePage = () => panel.getByRole('button', { name: 'Use this page' });
  const lastUserTurn = () => panel.getByRole('log', { name: 'Conversation' }).getByRole('article', { name: 'You' }).last();
  const lastAnswer = () => panel.getByRole('log', { name: 'Conversation' }).getByRole('article', { name: 'Assistant' }).last();

  const chatRequests = () => sentChats(openai);
  const lastUserContent = () => lastUserText(openai);

  async function openPage(path: string): Promise<Page> {
    const page = await harness.context.newPage();
    await page.goto(pages.url(path));
    await page.bringToFront();
    return page;
  }

  /** Without the tabs permission a page closed to extensions shows no url; it is then the active tab, brought to front. */
  async function tabOf(page: Page): Promise<chrome.tabs.Tab> {
    return harness.evalInWorker(
      async (url) =>
        (await chrome.tabs.query({})).find((t) => t.url === url) ??
        (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0]!,
      page.url(),
    );
  }

  /** What Chrome does when the user picks one of Parley's items in the context menu. */
  async function clickMenu(page: Page, menuItemId: string, extra: Partial<chrome.contextMenus.OnClickData> = {}): Promise<void> {
    const tab = await tabOf(page);
    await harness.evalInWorker(
      ({ tab, info }) => {
        const event = chrome.contextMenus.onClicked as unknown as { dispatch(i: unknown, t: unknown): void };
        event.dispatch(info, tab);
      },
      { tab, info: { menuItemId, editable: false, pageUrl: tab.url, frameId: 0, ...extra } },
    );
  }

  async function pressShortcut(page: Page): Promise<void> {
    const tab = await tabOf(page);
    await harness.evalInWorker((t) => {
      (chrome.commands.onCommand as unknown as { dispatch(c: string, t: unknown): void }).dispatch('ask-selection', t);
    }, tab);
  }

  async function clearContext(): Promise<void> {
    while (await chip().isVisible()) await chip().getByRole('button').first().click();
  }

  async function openPanel(): Promise<void> {
    panel = await harness.openSidePanelPage();
    await pickModel(panel, 'gpt-page');
  }

  beforeAll(async () => {
    [pages, framePages, openai] = await Promise.all([servePages(), servePages(), startOpenAIMock({ models: ['gpt-page'] })]);
    harness = await launchExtension();
    const setup = await harness.openSidePanelPage();
    await saveProvider(setup, { id: 'mock', name: 'Mock', baseUrl: openai.url });
    await setup.close();
    await openPanel();
  });

  afterAll(async () => {
    await harness?.close();
    await Promise.all([pages?.close(), framePages?.close(), openai?.close()]);
  });

  it('sends a quick action at once, with the selection filled into its prompt', async () => {
    const article = await openPage('article.html');
    const selected = await selectText(article, 'article p');
    await clickMenu(article, 'parley.selection.prompt.explain', { selectionText: selected });

    await expect.poll(() => lastAnswer().innerText(), { timeout: 15_000 }).toContain('Explain this text clearly and simply:');
    expect(lastUserContent()).toBe(`Explain this text clearly and simply:\n\n${selected}`);
    expect(await lastUserTurn().innerText()).toContain(selected);
    expect(await composer().inputValue()).toBe('');
    await article.close();
  });

  it('leaves the plain ask in the composer for the user to finish', async () => {
    const article = await openPage('article.html');
    const selected = await selectText(article, 'h1');
    const before = chatRequests().length;
    await clickMenu(article, 'parley.selection.ask', { selectionText: selected });

    await expect.poll(() => chip().innerText()).toContain('Tides of the North Sea');
    expect(await composer().inputValue()).toBe('');
    expect(chatRequests().length).toBe(before);
    await clearContext();
    await article.close();
  });

  it('hands the selection to a panel that is still opening', async () => {
    await panel.close();
    const article = await openPage('second.html');
    const selected = await selectText(article, 'p');
    // The synthetic click has no user gesture, so the panel cannot open; the hand-off must wait for it.
    await clickMenu(article, 'parley.selection.prompt.summarize', { selectionText: selected });
    await openPanel();
    await article.bringToFront();

    await expect.poll(() => lastAnswer().innerText(), { timeout: 15_000 }).toContain('Summarize this text in a few sentences:');
    expect(lastUserContent()).toContain(selected);
    await article.close();
  });

  it('reads the selection in the frame that was clicked', async () => {
    const host = await openPage(`frame-host.html?frame=${encodeURIComponent(framePages.url('frame.html'))}`);
    const frame = (await (await host.waitForSelector('#frame')).contentFrame())!;
    await frame.waitForSelector('#quote');
    const selected = await selectText(frame, '#quote');
    const tab = await tabOf(host);
    const frameId = await harness.evalInWorker(
      async ({ tabId, origin }) => {
        const found = await chrome.scripting.executeScript({ target: { tabId, allFrames: true }, func: () => location.origin });
        return found.find((r) => r.result === origin)!.frameId;
      },
      { tabId: tab.id!, origin: framePages.origin },
    );
    expect(frameId).not.toBe(0);

    // No selectionText: the words must come from the frame itself.
    await clickMenu(host, 'parley.selection.ask', { frameId, frameUrl: framePages.url('frame.html') });
    await expect.poll(() => chip().innerText()).toContain(selected);
    await clearContext();

    await pressShortcut(host);
    await expect.poll(() => chip().innerText()).toContain(selected);
    expect(await chip().innerText()).not.toContain('The host page has its own text.');
    await clearContext();
    await host.close();
  });

  it('says so when the shortcut finds nothing selected', async () => {
    const page = await openPage('second.html');
    await pressShortcut(page);
    await expect.poll(() => notices()).toContain('No text is selected. Select some text on the page, then ask again.');
    await panel.getByRole('button', { name: 'Dismiss' }).click();
    await page.close();
  });

  it('attaches the page and trims it to the question when the message is sent', async () => {
    const article = await openPage('article.html');
    await usePage().click();
    await expect.poll(() => chip().innerText()).toContain('Tides of the North Sea');
    expect(await chip().innerText()).toContain(pages.url('article.html'));
    expect(await usePage().getAttribute('aria-pressed')).toBe('true');

    openai.enqueue({ kind: 'text', text: 'It is called Marmalade.' });
    await composer().fill('What is the lighthouse keeper’s cat called?');
    await composer().press('Enter');
    await expect.poll(() => lastAnswer().innerText(), { timeout: 15_000 }).toContain('It is called Marmalade.');

    const sent = lastUserContent();
    const fullText = await article.evaluate(() => document.querySelector('article')!.textContent!.length);
    expect(sent).toContain(`<page source="Tides of the North Sea — ${pages.url('article.html')}">`);
    expect(sent).toContain('This guide introduces the tides of the North Sea');
    expect(sent).toContain("The lighthouse keeper's cat is called Marmalade");
    expect(sent).toContain('[…]');
    expect(sent).not.toContain('Site footer');
    expect(fullText).toBeGreaterThan(24_000);
    expect(sent.length).toBeLessThan(24_000 + 500);
    expect(await chip().isVisible()).toBe(false);
    await article.close();
  });

  it('follows the active tab, navigation and single-page-app routes while the page is attached', async () => {
    const first = await openPage('article.html');
    await usePage().click();
    await expect.poll(() => chip().innerText()).toContain('Tides of the North Sea');

    const second = await openPage('second.html');
    await expect.poll(() => chip().innerText()).toContain('Second page about bees');

    await first.bringToFront();
    await expect.poll(() => chip().innerText()).toContain('Tides of the North Sea');

    await first.goto(pages.url('spa/'));
    await expect.poll(() => chip().innerText()).toContain('App home');
    await first.evaluate(() => (window as unknown as { go(path: string): void }).go('/spa/settings'));
    await expect.poll(() => chip().innerText()).toContain('App settings');
    expect(await chip().innerText()).toContain(pages.url('spa/settings'));

    openai.enqueue({ kind: 'text', text: 'The settings view.' });
    await composer().fill('Which view is this?');
    await composer().press('Enter');
    await expect.poll(() => lastAnswer().innerText(), { timeout: 15_000 }).toContain('The settings view.');
    expect(lastUserContent()).toContain('Here you change the app settings view.');
    expect(lastUserContent()).not.toContain('Welcome to the app home view.');
    await Promise.all([first.close(), second.close()]);
  });

  it('reads a PDF the tab shows', async () => {
    const pdf = await openPage('sample.pdf');
    await usePage().click();
    await expect.poll(() => chip().innerText(), { timeout: 15_000 }).toContain(pages.url('sample.pdf'));
    openai.enqueue({ kind: 'text', text: 'On the cliffs.' });
    await composer().fill('Where do puffins nest?');
    await composer().press('Enter');
    await expect.poll(() => lastAnswer().innerText(), { timeout: 15_000 }).toContain('On the cliffs.');
    expect(lastUserContent()).toContain('Puffins nest on the cliffs.');
    await pdf.close();
  });

  it('explains that pages closed to extensions cannot be read', async () => {
    const internal = await harness.context.newPage();
    await internal.goto('chrome://version');
    await internal.bringToFront();
    await usePage().click();
    await expect.poll(() => notices()).toContain(RESTRICTED);
    expect(await chip().isVisible()).toBe(false);
    await panel.getByRole('button', { name: 'Dismiss' }).click();

    await pressShortcut(internal);
    await expect.poll(() => notices()).toContain(RESTRICTED);
    await panel.getByRole('button', { name: 'Dismiss' }).click();
    await internal.close();
  });

  it('offers the tab in an empty chat: explain the selection, summarise and translate the page', async () => {
    const article = await openPage('article.html');
    const source = `Tides of the North Sea — ${pages.url('article.html')}`;
    const card = (name: string) => panel.getByRole('list', { name: 'Suggestions' }).getByRole('button', { name });
    await panel.getByRole('button', { name: 'New chat' }).click();

    // Nothing selected: the card says what to do instead of sending an empty quote.
    const before = chatRequests().length;
    await card('Explain the selection').click();
    await expect.poll(() => notices()).toContain('No text is selected. Select some text on the page, then ask again.');
    expect(chatRequests().length).toBe(before);
    await panel.getByRole('button', { name: 'Dismiss' }).click();

    const selected = await selectText(article, 'article p');
    await card('Explain the selection').click();
    await expect.poll(() => lastAnswer().innerText(), { timeout: 15_000 }).toContain('Explain this text clearly and simply:');
    expect(lastUserContent()).toBe(`Explain this text clearly and simply:\n\n${selected}`);

    await panel.getByRole('button', { name: 'New chat' }).click();
    await card('Summarize this page').click();
    await expect.poll(() => lastAnswer().innerText(), { timeout: 15_000 }).toContain(`<page source="${source}">`);
    expect(lastUserContent().endsWith('Summarize this page in a few paragraphs.')).toBe(true);
    expect(lastUserContent()).toContain('This guide introduces the tides of the North Sea');
    // The page went with that message only: nothing is left attached, nothing follows the tab.
    expect(await chip().isVisible()).toBe(false);
    expect(await usePage().getAttribute('aria-pressed')).toBe('false');

    await panel.getByRole('button', { name: 'New chat' }).click();
    const sent = chatRequests().length;
    await card('Translate this page into English').click();
    await expect.poll(() => chatRequests().length, { timeout: 15_000 }).toBe(sent + 1);
    expect(lastUserContent()).toContain(`<page source="${source}">`);
    expect(lastUserContent().endsWith('Translate this page into English. Reply with the translation only.')).toBe(true);
    await article.close();
  });

  it('passes axe in the empty chat, light and dark', async () => {
    await panel.getByRole('button', { name: 'New chat' }).click();
    await panel.getByRole('list', { name: 'Suggestions' }).waitFor();
    for (const colorScheme of ['light', 'dark'] as const) {
      await panel.emulateMedia({ colorScheme });
      expect(await axeViolations(panel)).toEqual([]);
    }
    await panel.emulateMedia({ colorScheme: null });
  });

  it('hands the selection to the real side panel of the window', async () => {
    await panel.close();
    const real = await harness.openRealSidePanel();
    const article = await openPage('second.html');
    const selected = await selectText(article, 'h1');
    await clickMenu(article, 'parley.selection.ask', { selectionText: selected });
    await expect
      .poll(() =>
        real.evaluate(() =>
          [...document.querySelectorAll('[aria-label="Attached context"]')]
            .filter((l) => l.querySelector('button'))
            .map((l) => l.textContent)
            .join(),
        ),
      )
      .toContain(selected);
    await harness.closeRealSidePanel();
    await article.close();
  });
});
