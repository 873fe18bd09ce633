import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { stopWorker, type ExtensionHarness } from './support/extension';
import { readRecords } from './support/idb';
import { addProvider, backToChat, conversation, lastAnswer, listedModels, sendMessage, waitForAnswer } from './support/panel';
import { withOpenAIPanel } from './support/suite';
import type { OpenAIMock } from '../mocks/openai-server';

const KEY = 'sk-test-interrupted-123';
const INTERRUPTED = 'interrupted when the browser stopped Parley’s background';

describe('answers survive the background worker and a second panel', () => {
  let harness: ExtensionHarness;
  let openai: OpenAIMock;
  let page: Page;

  withOpenAIPanel({ apiKey: KEY, models: ['gpt-test'] }, (suite) => ({ harness, openai, page } = suite));

  afterEach(() => openai.clear());

  it('configures a provider', async () => {
    await addProvider(page, 'OpenAI-compatible', { 'Base URL': openai.url, 'API key': KEY });
    await backToChat(page);
    await expect.poll(() => listedModels(page)).toEqual(['gpt-test']);
  });

  it('settles an answer whose worker stopped while the panel was open, and offers Retry', async () => {
    openai.enqueue({ kind: 'hang-after', text: 'Partial before the stop' });
    await sendMessage(page, 'Keep going');
    await waitForAnswer(page, 'Partial before the stop');
    await stopWorker(page);

    await expect.poll(() => lastAnswer(page).innerText(), { timeout: 15_000 }).toContain(INTERRUPTED);
    expect(await lastAnswer(page).innerText()).toContain('Partial before the stop');
    expect(await lastAnswer(page).getAttribute('aria-busy')).toBe('false');
    expect(await page.getByRole('button', { name: 'Stop' }).count()).toBe(0);
    expect(await lastAnswer(page).getByRole('button', { name: 'Regenerate' }).count()).toBe(0);

    await lastAnswer(page).getByRole('button', { name: 'Retry' }).click();
    await waitForAnswer(page, 'Echo: Keep going');
  });

  it('shows the settled answer on the first reopen after the worker stopped with the panel closed', async () => {
    await page.getByRole('button', { name: 'New chat' }).click();
    openai.enqueue({ kind: 'hang-after', text: 'Written while closed' });
    await sendMessage(page, 'Answer while I am away');
    await waitForAnswer(page, 'Written while closed');
    const control = await harness.context.newPage();
    await control.goto(harness.extensionUrl('manifest.json'));
    await page.close();
    // Closing the panel flushes the checkpoint; a worker killed before that write lands may lose its last
    // ≤250 ms of text (see issue 10's note), which is not what this test is about.
    await expect
      .poll(async () =>
        (await readRecords<{ content: string }>(control, 'messages')).some((m) => m.content.includes('Written while closed')),
      )
      .toBe(true);
    await stopWorker(control);

    page = await harness.openSidePanelPage();
    await expect.poll(() => lastAnswer(page).innerText(), { timeout: 15_000 }).toContain(INTERRUPTED);
    expect(await lastAnswer(page).innerText()).toContain('Written while closed');
    expect(await lastAnswer(page).getAttribute('aria-busy')).toBe('false');
    expect(await lastAnswer(page).getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
    await control.close();
  });

  it('names a dropped connection and offers one Retry, not Regenerate beside it', async () => {
    await page.getByRole('button', { name: 'New chat' }).click();
    openai.enqueue({ kind: 'drop-after', text: 'Half an answer' }, { times: 3 });
    await sendMessage(page, 'Drop please');
    await expect.poll(() => lastAnswer(page).innerText()).toContain('The connection dropped mid-answer');
    expect(await lastAnswer(page).innerText()).toContain('Half an answer');
    expect(await lastAnswer(page).innerText()).not.toContain('Could not reach the provider');
    expect(await lastAnswer(page).getByRole('button', { name: 'Retry' }).count()).toBe(1);
    expect(await lastAnswer(page).getByRole('button', { name: 'Regenerate' }).count()).toBe(0);
  });

  it('never aborts the answer another panel is following when a stale panel sends', async () => {
    await page.getByRole('button', { name: 'New chat' }).click();
    await sendMessage(page, 'First');
    await waitForAnswer(page, 'Echo: First');
    const other = await harness.openSidePanelPage();
    await waitForAnswer(other, 'Echo: First');

    const story = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    openai.enqueue({ kind: 'text', text: story, chunkSize: 6, delayMs: 100 });
    const abortedBefore = openai.aborted;
    await sendMessage(page, 'Second');
    await waitForAnswer(page, 'word1');

    // `other` still shows only the first exchange: its view is stale.
    await sendMessage(other, 'From the other window');
    await expect.poll(() => other.getByRole('status').allInnerTexts()).toContainEqual(expect.stringContaining('another Parley window'));
    expect(await other.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('From the other window');

    await waitForAnswer(page, 'word39');
    await waitForAnswer(other, 'word39');
    expect(await lastAnswer(page).innerText()).not.toContain('Stopped');
    expect(openai.aborted).toBe(abortedBefore);
    expect(await conversation(other).getByText('From the other window').count()).toBe(0);

    await other.getByRole('textbox', { name: 'Message' }).press('Enter');
    await waitForAnswer(other, 'Echo: From the other window');
    await other.close();
  });
});
