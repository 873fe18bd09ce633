import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchExtension, type ExtensionHarness } from './support/extension';
import {
  addProvider,
  backToChat,
  closeChatSettings,
  lastAnswer,
  listedModels,
  openChatSettings,
  pickModel,
  sendMessage,
  waitForAnswer,
} from './support/panel';
import { geminiQuotaErrorBody, startGeminiMock, type GeminiMock } from '../mocks/gemini-server';

const KEY = 'AIza-e2e-gemini-0123456789';

describe('Google Gemini provider', () => {
  let harness: ExtensionHarness;
  let gemini: GeminiMock;
  let page: Page;

  beforeAll(async () => {
    gemini = await startGeminiMock({ apiKey: KEY, maxPageSize: 2 });
    harness = await launchExtension();
    page = await harness.openSidePanelPage();
  });

  afterAll(async () => {
    await harness?.close();
    await gemini?.close();
  });

  it('is added in Settings, lists the models the service has, and streams an answer', async () => {
    await addProvider(page, 'Google Gemini', { 'API key': KEY, 'Base URL': gemini.url });
    await backToChat(page);
    await expect.poll(() => listedModels(page)).toEqual(['Gemini 2.0 Flash', 'Gemini 2.5 Flash', 'Gemini 2.5 Pro']);
    await pickModel(page, 'Gemini 2.5 Flash');

    gemini.enqueue({ kind: 'text', text: 'Bonjour from **Gemini**, streamed.', chunkSize: 3, delayMs: 20 });
    await sendMessage(page, 'Hi Gemini');
    await expect.poll(() => page.getByRole('button', { name: 'Stop' }).isVisible()).toBe(true);
    await waitForAnswer(page, 'Bonjour from Gemini, streamed.');
    expect(await lastAnswer(page).locator('strong').innerText()).toBe('Gemini');

    const chat = gemini.requests.find((r) => r.path.includes(':streamGenerateContent'));
    expect(chat?.path).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
    expect(chat?.body).toMatchObject({ contents: [{ role: 'user', parts: [{ text: 'Hi Gemini' }] }] });
  });

  it('sent the key only in the x-goog-api-key header, never in a URL', () => {
    const calls = gemini.requests.filter((r) => r.method !== 'OPTIONS');
    expect(calls.some((r) => r.path.startsWith('/v1beta/models?'))).toBe(true);
    for (const r of gemini.requests) {
      expect(r.path).not.toContain(KEY);
      expect(r.path).not.toMatch(/[?&]key=/);
    }
    for (const r of calls) expect(r.headers['x-goog-api-key']).toBe(KEY);
  });

  it('shows a used-up quota and a safety block as such', async () => {
    // A 429 is throttling, retried like any other before it is shown.
    gemini.enqueue({ kind: 'status', status: 429, body: geminiQuotaErrorBody('day') }, { times: 3 });
    await sendMessage(page, 'Once more');
    await expect.poll(() => lastAnswer(page).getByRole('alert').innerText()).toContain('Quota used up');
    expect(await lastAnswer(page).getByRole('alert').textContent()).toContain('GenerateRequestsPerDayPerProjectPerModel-FreeTier');

    gemini.enqueue({ kind: 'text', text: 'The first step', finishReason: 'SAFETY' });
    await sendMessage(page, 'Something risky');
    await expect.poll(() => lastAnswer(page).getByRole('alert').innerText()).toContain('Blocked by the provider’s safety filter');
    expect(await lastAnswer(page).innerText()).toContain('The first step');
  });

  it('answers a function call with a functionResponse and finishes the answer', async () => {
    await page.getByRole('button', { name: 'New chat' }).click();
    await (await openChatSettings(page)).getByRole('checkbox', { name: 'Current page' }).check();
    await closeChatSettings(page);
    const before = gemini.requests.length;
    gemini.enqueue({ kind: 'tool-call', name: 'parley-page____getPageInfo', arguments: '{}' });
    gemini.enqueue({ kind: 'text', text: 'You are on an extension page.' });
    await sendMessage(page, 'Where am I?');
    await waitForAnswer(page, 'You are on an extension page.');

    const chats = gemini.requests.slice(before).filter((r) => r.path.includes(':streamGenerateContent'));
    expect(chats).toHaveLength(2);
    const first = chats[0]!.body as { tools?: { functionDeclarations?: { name: string }[] }[] };
    expect(first.tools?.flatMap((t) => t.functionDeclarations ?? []).map((f) => f.name)).toContain('parley-page____getPageInfo');
    const second = chats[1]!.body as { contents: { role: string; parts: Record<string, unknown>[] }[] };
    const [call, reply] = second.contents.slice(-2);
    expect(call).toMatchObject({ role: 'model', parts: [{ functionCall: { name: 'parley-page____getPageInfo' } }] });
    expect(reply).toMatchObject({ role: 'user', parts: [{ functionResponse: { name: 'parley-page____getPageInfo' } }] });
    const steps = await lastAnswer(page).locator('details.tool-step summary').allInnerTexts();
    expect(steps.map((text) => text.split(' · ')[0])).toEqual(['Plugin Current page: getPageInfo']);
  });
});
