import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchExtension, type ExtensionHarness } from './support/extension';
import { addProvider, backToChat, listedModels, pickModel, sendMessage, waitForAnswer } from './support/panel';
import { startAnthropicMock, type AnthropicMock } from '../mocks/anthropic-server';

const KEY = 'sk-ant-e2e-0123456789';

describe('Anthropic provider', () => {
  let harness: ExtensionHarness;
  let anthropic: AnthropicMock;
  let page: Page;

  beforeAll(async () => {
    anthropic = await startAnthropicMock({ apiKey: KEY });
    harness = await launchExtension();
    page = await harness.openSidePanelPage();
  });

  afterAll(async () => {
    await harness?.close();
    await anthropic?.close();
  });

  it('is added in Settings, lists its models, and streams an answer', async () => {
    await addProvider(page, 'Anthropic', { 'API key': KEY, 'Base URL': anthropic.url });
    await backToChat(page);
    await expect.poll(() => listedModels(page)).toEqual(['claude-haiku-4-5', 'claude-sonnet-4-6']);
    await pickModel(page, 'claude-sonnet-4-6');

    anthropic.enqueue({ kind: 'text', text: 'Hello from Claude, streamed.', chunkSize: 3, delayMs: 20 });
    await sendMessage(page, 'Hi Claude');
    await waitForAnswer(page, 'Hello from Claude, streamed.');

    const chat = anthropic.requests.find((r) => r.method === 'POST' && r.path === '/v1/messages');
    expect(chat?.body).toMatchObject({ model: 'claude-sonnet-4-6', stream: true, messages: [{ role: 'user' }] });
    expect(JSON.stringify(chat?.body)).toContain('Hi Claude');
  });
});
