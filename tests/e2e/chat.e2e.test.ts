import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { launchExtension, type ExtensionHarness } from './support/extension';
import {
  addProvider,
  backToChat,
  closeChatSettings,
  conversation,
  describedBy,
  lastAnswer,
  listedModels,
  openChatSettings,
  openProvider,
  pickModel,
  providerNames,
  sendMessage,
  waitForAnswer,
} from './support/panel';
import { putRawRecord } from './support/idb';
import { startOpenAIMock, type OpenAIMock } from '../mocks/openai-server';
import { startOllamaMock, type OllamaMock } from '../mocks/ollama-server';

const KEY = 'sk-test-e2e-123456';

describe('side-panel chat', () => {
  let harness: ExtensionHarness;
  let openai: OpenAIMock;
  let ollama: OllamaMock;
  let page: Page;

  beforeAll(async () => {
    openai = await startOpenAIMock({ apiKey: KEY, models: ['gpt-test', 'gpt-other'] });
    ollama = await startOllamaMock({ models: ['llama3.2'] });
    harness = await launchExtension();
    page = await harness.openSidePanelPage();
  });

  afterAll(async () => {
    await harness?.close();
    await openai?.close();
    await ollama?.close();
  });

  afterEach(() => {
    openai.clear();
    ollama.clear();
  });

  it('refuses an empty key with a clear message', async () => {
    await addProvider(page, 'OpenAI-compatible', { 'Base URL': openai.url, 'API key': '   ' });
    // Refused at the key's own field, before anything is sent; the unsaved form is discarded with Cancel.
    const form = page.getByRole('region', { name: 'New provider' });
    const key = form.getByLabel('API key', { exact: true });
    await expect.poll(() => key.getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy(key)).toContain('Credential is missing');
    expect(await form.getByRole('button', { name: 'Remove provider' }).count()).toBe(0);
    await form.getByRole('button', { name: 'Cancel' }).click();
    expect(await providerNames(page)).toEqual([]);
  });

  it('configures a provider in settings and streams an answer', async () => {
    await addProvider(page, 'OpenAI-compatible', { 'Base URL': openai.url, 'API key': KEY });
    await backToChat(page);
    await expect.poll(() => listedModels(page)).toEqual(['gpt-other', 'gpt-test']);
    await pickModel(page, 'gpt-test');

    openai.enqueue({ kind: 'text', text: 'Hello **there**, how can I help?', chunkSize: 3, delayMs: 20 });
    await sendMessage(page, 'Hi');
    await expect.poll(() => page.getByRole('button', { name: 'Stop' }).isVisible()).toBe(true);
    await waitForAnswer(page, 'Hello there, how can I help?');
    expect(await lastAnswer(page).locator('strong').innerText()).toBe('there');
    await expect.poll(() => page.getByRole('button', { name: 'Send' }).isVisible()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('');

    const chat = openai.requests.find((r) => r.path.endsWith('/chat/completions'))!;
    expect(chat.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(chat.body).toMatchObject({ model: 'gpt-test', stream: true, messages: [{ role: 'user', content: 'Hi' }] });
    expect(await conversation(page).getByRole('article', { name: 'You' }).last().innerText()).toContain('Hi');
  });

  it('keeps the key out of the panel and out of page-readable storage', async () => {
    const text = await page.evaluate(async () => {
      const local = await chrome.storage.local.get(null);
      return JSON.stringify(local) + document.documentElement.outerHTML;
    });
    expect(text).not.toContain(KEY);
    const form = await openProvider(page, 'OpenAI-compatible');
    expect(await form.getByLabel('API key', { exact: true }).inputValue()).toBe('');
    expect(await form.getByLabel('API key', { exact: true }).getAttribute('placeholder')).toContain('Saved');
    await backToChat(page);
  });

  it('regenerates, edits a sent message and copies an answer', async () => {
    openai.enqueue({ kind: 'text', text: 'Second version.' });
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await waitForAnswer(page, 'Second version.');
    expect(await conversation(page).getByRole('article', { name: 'Assistant' }).count()).toBe(1);

    await conversation(page).getByRole('article', { name: 'You' }).last().getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Edit message' }).fill('Hello again');
    await page.getByRole('button', { name: 'Save and send' }).click();
    await waitForAnswer(page, 'Echo: Hello again');
    expect(await conversation(page).getByRole('article').count()).toBe(2);

    // Headless Chromium will not grant clipboard-read to an extension origin, so record what is written.
    await page.evaluate(() => {
      const w = window as unknown as { copied: string[] };
      w.copied = [];
      navigator.clipboard.writeText = async (text: string) => void w.copied.push(text);
    });
    await lastAnswer(page).getByRole('button', { name: 'Copy' }).first().click();
    expect(await page.evaluate(() => (window as unknown as { copied: string[] }).copied)).toEqual(['Echo: Hello again']);
  });

  it('stops mid-stream, aborting the request and keeping the partial answer', async () => {
    openai.enqueue({ kind: 'hang-after', text: 'Partial answer' });
    await sendMessage(page, 'Tell me a long story');
    await waitForAnswer(page, 'Partial answer');
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => openai.aborted).toBe(1);
    await expect.poll(() => lastAnswer(page).innerText()).toContain('Stopped');
    expect(await lastAnswer(page).innerText()).toContain('Partial answer');
  });

  it('stops an answer with Escape from the message box and from the conversation', async () => {
    for (const [i, from] of [page.getByRole('textbox', { name: 'Message' }), conversation(page)].entries()) {
      // Each answer its own words: waiting for the last one's would find them at once and press Escape too early.
      openai.enqueue({ kind: 'hang-after', text: `Half a story, part ${i + 1}` });
      const aborted = openai.aborted;
      await sendMessage(page, 'Another long story');
      await waitForAnswer(page, `Half a story, part ${i + 1}`);
      await from.press('Escape');
      await expect.poll(() => openai.aborted).toBe(aborted + 1);
      await expect.poll(() => lastAnswer(page).innerText()).toContain('Stopped');
      await expect.poll(() => page.getByRole('button', { name: 'Send' }).isVisible()).toBe(true);
    }
  });

  it('grows the message box with its text up to a cap, and keeps Send one button high beside a dictation note', async () => {
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('one line');
    const oneLine = (await box.boundingBox())!.height;
    await box.fill('line\n'.repeat(4));
    expect((await box.boundingBox())!.height).toBeGreaterThan(oneLine * 2.5);
    await box.fill('line\n'.repeat(60));
    const capped = (await box.boundingBox())!.height;
    expect(capped).toBeLessThanOrEqual(160);
    expect(await box.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await box.fill('one line');
    expect((await box.boundingBox())!.height).toBe(oneLine);

    // The longest note dictation shows: this browser has no speech recognition, record instead.
    await page.setViewportSize({ width: 360, height: 640 });
    await page.evaluate(() => {
      for (const name of ['SpeechRecognition', 'webkitSpeechRecognition'])
        Object.defineProperty(window, name, { value: undefined, configurable: true, writable: true });
    });
    const send = page.getByRole('button', { name: 'Send' });
    const before = (await send.boundingBox())!;
    await page.getByRole('button', { name: 'Dictate' }).click();
    await page.getByRole('button', { name: 'Record and transcribe' }).waitFor();
    const after = (await send.boundingBox())!;
    expect(after.height).toBe(before.height);
    expect(after.width).toBe(before.width);
    // Most of the height stays the conversation's at 360×640.
    expect((await conversation(page).boundingBox())!.height).toBeGreaterThan(640 / 2);
    await box.fill('');
    await page.reload();
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  it('shows a provider error with Retry, then retries', async () => {
    openai.enqueue({ kind: 'status', status: 401 }, { times: 1 });
    await sendMessage(page, 'Will this work?');
    const alert = lastAnswer(page).getByRole('alert');
    await expect.poll(() => alert.innerText()).toContain('The key was refused');
    await lastAnswer(page).getByRole('button', { name: 'Retry' }).click();
    await waitForAnswer(page, 'Echo: Will this work?');
  });

  it('keeps a partial answer marked incomplete when the network drops', async () => {
    openai.enqueue({ kind: 'drop-after', text: 'Half of it' }, { times: 3 });
    await sendMessage(page, 'Drop please');
    await expect.poll(() => lastAnswer(page).innerText()).toContain('The connection dropped mid-answer');
    expect(await lastAnswer(page).innerText()).toContain('Half of it');
    expect(await lastAnswer(page).getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
  });

  it('never loads a remote image from an answer until clicked, and runs no markup', async () => {
    const leak = `${openai.origin}/leak.png`;
    openai.enqueue({ kind: 'text', text: `![secret](${leak}) <img src="${leak}?raw" onerror="alert(1)"> [x](javascript:alert(1))` });
    await sendMessage(page, 'Show an image');
    await expect
      .poll(() =>
        lastAnswer(page)
          .getByRole('button', { name: /Load image/ })
          .count(),
      )
      .toBe(1);
    expect(await lastAnswer(page).locator('img').count()).toBe(0);
    expect(await lastAnswer(page).locator('a[href^="javascript"]').count()).toBe(0);
    expect(openai.requests.some((r) => r.path.startsWith('/leak.png'))).toBe(false);
    await lastAnswer(page)
      .getByRole('button', { name: /Load image/ })
      .click();
    await expect.poll(() => openai.requests.some((r) => r.path === '/leak.png')).toBe(true);
    expect(openai.requests.some((r) => r.path.startsWith('/leak.png?raw'))).toBe(false);
  });

  it('keeps streaming when the panel closes, and shows the answer when it reopens', async () => {
    await page.getByRole('button', { name: 'New chat' }).click();
    const story = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    openai.enqueue({ kind: 'text', text: story, chunkSize: 6, delayMs: 60 });
    await sendMessage(page, 'Stream slowly');
    await expect.poll(() => lastAnswer(page).innerText()).toContain('word1');
    await page.close();
    page = await harness.openSidePanelPage();
    await waitForAnswer(page, 'word39');
    expect((await lastAnswer(page).innerText()).trim().startsWith('word0 word1')).toBe(true);
  });

  it('reopens the real side panel mid-stream and sees the answer finish', async () => {
    await page.getByRole('button', { name: 'New chat' }).click();
    openai.enqueue({ kind: 'text', text: 'alpha beta gamma delta epsilon zeta eta theta', chunkSize: 4, delayMs: 150 });
    await sendMessage(page, 'Greek letters');
    await waitForAnswer(page, 'alpha');
    await page.close();
    const panel = await harness.openRealSidePanel();
    await expect
      .poll(() => panel.evaluate(() => [...document.querySelectorAll('[role=log] article')].at(-1)?.textContent ?? ''), { timeout: 15_000 })
      .toContain('theta');
    await harness.closeRealSidePanel();
    page = await harness.openSidePanelPage();
  });

  it('lists, renames, searches and deletes conversations', async () => {
    await page.getByRole('button', { name: 'Conversations' }).click();
    const items = page.getByRole('listitem');
    await expect.poll(() => items.count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'More actions for Greek letters' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByRole('textbox', { name: 'New title' }).fill('Alphabet soup');
    await page.getByRole('textbox', { name: 'New title' }).press('Enter');
    await expect.poll(() => page.getByRole('button', { name: /^Alphabet soup/ }).count()).toBeGreaterThan(0);

    await page.getByRole('searchbox', { name: 'Search conversations' }).fill('epsilon');
    await expect.poll(() => items.count()).toBe(1);
    expect(await items.first().innerText()).toContain('Alphabet soup');
    await page.getByRole('searchbox', { name: 'Search conversations' }).fill('');
  });

  it('survives an extension reload', async () => {
    await page.close();
    await harness.reloadExtension();
    page = await harness.openSidePanelPage();
    await waitForAnswer(page, 'theta');
    await page.getByRole('button', { name: 'Conversations' }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Alphabet soup/ }).count()).toBeGreaterThan(0);
  });

  it('exports and imports conversations as JSON without keys', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await (await downloading).path();
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(KEY);
    const doc = JSON.parse(text) as { conversations: { title: string }[] };
    const count = doc.conversations.length;
    expect(doc.conversations.map((c) => c.title)).toContain('Alphabet soup');

    await page.getByLabel('Conversations file to import').setInputFiles(file);
    // Nothing is written before the user has seen what the file brings.
    const review = page.getByRole('region', { name: 'Review the import' });
    await expect.poll(() => review.innerText()).toContain(String(count));
    expect(await page.getByRole('button', { name: /^Alphabet soup/ }).count()).toBe(1);
    await review.getByRole('button', { name: 'Import' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Imported' }).innerText()).toContain(`Imported ${count}`);
    await expect.poll(() => page.getByRole('button', { name: /^Alphabet soup/ }).count()).toBe(2);

    await page.getByRole('button', { name: 'More actions for Alphabet soup' }).first().click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Alphabet soup/ }).count()).toBe(1);
    await page.getByRole('button', { name: 'Conversations' }).click();
  });

  it('chats with Ollama without any origin setup', async () => {
    await page.getByRole('button', { name: 'New chat' }).click();
    await addProvider(page, 'Ollama', { 'Base URL': ollama.url });
    await backToChat(page);
    await pickModel(page, 'llama3.2:latest');
    ollama.enqueue({ kind: 'text', text: 'Local hello.', chunkSize: 2 });
    await sendMessage(page, 'Hi Ollama');
    await waitForAnswer(page, 'Local hello.');
    const chatOrigins = ollama.requests.filter((r) => r.path === '/api/chat').map((r) => r.origin);
    expect(chatOrigins).toEqual([ollama.url]);
  });
});

describe('side-panel chat from a fresh install', () => {
  let harness: ExtensionHarness;
  let ollama: OllamaMock | undefined;
  let openai: OpenAIMock;

  beforeAll(async () => {
    openai = await startOpenAIMock({ models: ['gpt-test'] });
    harness = await launchExtension();
  });

  afterAll(async () => {
    await harness?.close();
    await ollama?.close();
    await openai?.close();
  });

  it('opens the panel from the toolbar button and declares the shortcut', async () => {
    const behavior = await harness.evalInWorker(() => chrome.sidePanel.getPanelBehavior());
    expect(behavior.openPanelOnActionClick).toBe(true);
    // Chromium may leave a suggested key unassigned in a test profile, so check what is declared and registered.
    const commands = await harness.evalInWorker(() => chrome.commands.getAll());
    expect(commands.map((c) => c.name)).toContain('_execute_action');
    const manifest = await harness.evalInWorker(() => chrome.runtime.getManifest());
    expect(manifest.commands?._execute_action?.suggested_key).toEqual({ default: 'Alt+Shift+P' });
  });

  it('offers a local Ollama found on this computer, with nothing typed', async () => {
    ollama = await startOllamaMock({ models: ['qwen3'] });
    const page = await harness.openSidePanelPage();
    // Detection probes Ollama's default address unless this pref names another; the mock holds a free port.
    await page.getByRole('heading', { name: 'Welcome to Parley' }).waitFor();
    await putRawRecord(page, 'prefs', ollama.url, 'localOllamaUrl');
    await page.reload();
    await page.getByRole('button', { name: 'Chat with Ollama' }).click();
    // One click, and the message box is ready for typing.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Message');
    await expect.poll(() => listedModels(page)).toEqual(['qwen3:latest']);
    ollama.enqueue({ kind: 'text', text: 'Hi from a local model.' });
    await sendMessage(page, 'Hello');
    await waitForAnswer(page, 'Hi from a local model.');
    await page.close();
  });

  it('sends the conversation’s system prompt and sampling settings, and Shift+Enter adds a line', async () => {
    const page = await harness.openSidePanelPage();
    await addProvider(page, 'OpenAI-compatible', { 'Base URL': openai.url });
    await backToChat(page);
    await page.getByRole('button', { name: 'New chat' }).click();
    await pickModel(page, 'gpt-test');
    const settings = await openChatSettings(page);
    await settings.getByRole('textbox', { name: 'System prompt' }).fill('Answer like a pirate.');
    await settings.getByText('Advanced').click();
    await settings.getByRole('spinbutton', { name: 'Temperature (0–2)' }).fill('0.3');
    // Closed with the last field still focused: closing keeps what was typed there.
    await settings.getByRole('spinbutton', { name: 'Max tokens' }).fill('256');
    await closeChatSettings(page);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.click();
    await box.pressSequentially('line one');
    await box.press('Shift+Enter');
    await box.pressSequentially('line two');
    expect(await box.inputValue()).toBe('line one\nline two');
    await box.press('Enter');
    await waitForAnswer(page, 'Echo: line one');
    const body = openai.requests.find((r) => r.path.endsWith('/chat/completions'))!.body;
    expect(body).toMatchObject({
      temperature: 0.3,
      max_tokens: 256,
      messages: [
        { role: 'system', content: 'Answer like a pirate.' },
        { role: 'user', content: 'line one\nline two' },
      ],
    });
    await page.close();
  });
});
