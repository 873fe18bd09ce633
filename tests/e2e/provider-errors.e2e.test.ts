import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addProvider, backToChat, describedBy, lastAnswer, pickModel, sendMessage, waitForAnswer } from './support/panel';
import { withOpenAIPanel } from './support/suite';
import { openAIErrorBody, type OpenAIMock } from '../mocks/openai-server';

const KEY = 'sk-test-endings-987654';

describe('how answers end, and keys', () => {
  let openai: OpenAIMock;
  let page: Page;

  withOpenAIPanel({ apiKey: KEY, models: ['gpt-test'] }, (suite) => ({ openai, page } = suite));

  afterEach(() => openai.clear());

  it('refuses a key no header can carry at its field, and uses a pasted key without what the paste added', async () => {
    await addProvider(page, 'OpenAI-compatible', { 'Base URL': openai.url, 'API key': 'sk-ключ' });
    const key = page.getByRole('region', { name: 'New provider' }).getByLabel('API key', { exact: true });
    await expect.poll(() => key.getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy(key)).toContain('The field “API key” contains characters');
    await key.fill(`\u200B${KEY} `);
    await page.getByRole('region', { name: 'New provider' }).getByRole('button', { name: 'Save' }).click();
    await backToChat(page);
    await pickModel(page, 'gpt-test');
    await sendMessage(page, 'Hello');
    await waitForAnswer(page, 'Echo: Hello');
  });

  it('keeps an answer cut off before its end marker, marked incomplete with a notice', async () => {
    openai.enqueue({ kind: 'cut-off', text: 'Only the first half' });
    await sendMessage(page, 'Tell me everything');
    await waitForAnswer(page, 'Only the first half');
    await expect.poll(() => lastAnswer(page).innerText()).toContain('This answer is incomplete.');
    expect(await lastAnswer(page).getByRole('alert').innerText()).toContain('The answer was cut off before the provider finished it');
  });

  it('never shows a key the provider echoed in its error', async () => {
    openai.enqueue({ kind: 'status', status: 401, body: openAIErrorBody(401, `Incorrect API key provided: ${KEY}.`) });
    await sendMessage(page, 'Again');
    await expect.poll(() => lastAnswer(page).getByRole('alert').innerText()).toContain('The key was refused');
    expect(await lastAnswer(page).locator('details').textContent()).toContain('[redacted]');
    expect(await page.content()).not.toContain(KEY);
  });

  it('shows at once until when a provider asks to wait far longer than the retry cap', async () => {
    const before = openai.requests.length;
    openai.enqueue({ kind: 'status', status: 429, headers: { 'retry-after': '86400' } }, { times: 3 });
    await sendMessage(page, 'Busy?');
    await expect.poll(() => lastAnswer(page).getByRole('alert').innerText()).toContain('The provider asks you to wait until');
    expect(openai.requests.length - before).toBe(1);
  });
});
