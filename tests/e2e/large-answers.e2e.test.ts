import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchExtension, type ExtensionHarness } from './support/extension';
import { addProvider, backToChat, lastAnswer, pickModel, sendMessage } from './support/panel';
import { startOpenAIMock, type OpenAIMock } from '../mocks/openai-server';
import { hugeCodeBlock, hugeMarkdown } from '../../scripts/bench/huge-texts';

describe('huge answers in the side panel', () => {
  let harness: ExtensionHarness;
  let openai: OpenAIMock;
  let page: Page;

  beforeAll(async () => {
    openai = await startOpenAIMock({ models: ['gpt-test'] });
    harness = await launchExtension();
    page = await harness.openSidePanelPage();
    await addProvider(page, 'OpenAI-compatible', { 'Base URL': openai.url });
    await backToChat(page);
    await pickModel(page, 'gpt-test');
  });

  afterAll(async () => {
    await harness?.close();
    await openai?.close();
  });

  it('streams a 50,000-line code block as a window of lines, the rest on request', async () => {
    openai.enqueue({ kind: 'text', text: hugeCodeBlock(50_000), chunkSize: 4000 });
    await sendMessage(page, 'A long module, please.');
    const showAll = lastAnswer(page).getByRole('button', { name: 'Show all 50,000 lines' });
    await showAll.waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByRole('button', { name: 'Send' }).isVisible(), { timeout: 60_000 }).toBe(true);
    const code = lastAnswer(page).locator('pre');
    // textContent: offscreen slices of lines skip rendering, so innerText leaves them out.
    expect(await code.textContent()).toContain('# line 200');
    expect(await code.textContent()).not.toContain('# line 201');

    await showAll.click();
    await expect.poll(() => lastAnswer(page).locator('.md-code-chunk').count()).toBe(500);
    expect(await lastAnswer(page).locator('.md-code-chunk').last().textContent()).toContain('# line 50000');
  });

  it('shows the start and the end of a 1 MB answer, with the middle behind "Show more"', async () => {
    const text = `${hugeMarkdown(1024 * 1024)}\n\nThe closing sentence.`;
    openai.enqueue({ kind: 'text', text, chunkSize: 8000 });
    const box = page.getByRole('textbox', { name: 'Message' });
    await sendMessage(page, 'A very long answer, please.');
    // The composer takes typing while the answer streams, once the sent text has left it (the send stores the
    // question first, and a busy machine may still be doing that as the next key arrives).
    await expect.poll(() => box.inputValue()).toBe('');
    await box.pressSequentially('next question');
    expect(await box.inputValue()).toBe('next question');
    await expect.poll(() => page.getByRole('button', { name: 'Send' }).isVisible(), { timeout: 120_000 }).toBe(true);

    const answer = lastAnswer(page);
    // The finished answer is lexed again a slice per task, which takes a while on a busy machine.
    await expect.poll(() => answer.locator('.md > :last-child').textContent(), { timeout: 30_000 }).toBe('The closing sentence.');
    expect(await answer.textContent()).not.toContain('Section 500');
    expect(await answer.getByRole('heading', { name: 'Section 1', exact: true }).count()).toBe(1);
    const headings = await answer.getByRole('heading').count();
    expect(headings).toBeLessThan(100);
    await answer.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => answer.getByRole('heading').count()).toBeGreaterThan(headings);
  });
});
