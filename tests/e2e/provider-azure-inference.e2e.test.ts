import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchExtension, type ExtensionHarness } from './support/extension';
import {
  addProvider,
  backToChat,
  describedBy,
  fillProviderFields,
  lastAnswer,
  openProvider,
  pickModel,
  sendMessage,
  toastTexts,
  waitForAnswer,
} from './support/panel';
import { AZURE_MOCK_MODEL, startAzureMock, type AzureMock } from '../mocks/azure-server';

const KEY = 'azure-e2e-key-7f3a9c';
const PROVIDER = 'Azure AI Inference';

describe('Azure AI Inference provider', () => {
  let harness: ExtensionHarness;
  let mock: AzureMock;
  let page: Page;

  const chatRequests = () => mock.requests.filter((r) => r.path.startsWith('/models/chat/completions'));

  const openProviderForm = () => openProvider(page, PROVIDER);

  beforeAll(async () => {
    mock = await startAzureMock({ auth: { header: 'api-key', key: KEY }, apiVersions: ['2024-05-01-preview', '2024-10-21'] });
    harness = await launchExtension();
    page = await harness.openSidePanelPage();
  });

  afterAll(async () => {
    await harness?.close();
    await mock?.close();
  });

  it('is added in Settings, lists its model from /info and streams an answer with the api-key header', async () => {
    await addProvider(page, PROVIDER, { Endpoint: mock.url, 'API key or token': KEY });
    await backToChat(page);
    await pickModel(page, AZURE_MOCK_MODEL.model_name);

    mock.enqueue({ kind: 'text', text: 'Hello from **Azure**, streamed.', chunkSize: 3, delayMs: 20 });
    await sendMessage(page, 'Hi Azure');
    await expect.poll(() => page.getByRole('button', { name: 'Stop' }).isVisible()).toBe(true);
    await waitForAnswer(page, 'Hello from Azure, streamed.');
    expect(await lastAnswer(page).locator('strong').innerText()).toBe('Azure');

    const info = mock.requests.find((r) => r.path.startsWith('/models/info'));
    expect(info?.path).toBe('/models/info?api-version=2024-05-01-preview');
    const [chat] = chatRequests();
    expect(chat?.path).toBe('/models/chat/completions?api-version=2024-05-01-preview');
    expect(chat?.headers['api-key']).toBe(KEY);
    expect(chat?.headers.authorization).toBeUndefined();
    expect(chat?.body).toMatchObject({
      model: AZURE_MOCK_MODEL.model_name,
      stream: true,
      messages: [{ role: 'user', content: 'Hi Azure' }],
    });
  });

  it('sends the key under the header name and api-version changed in Settings', async () => {
    mock.auth = { header: 'x-parley-key', key: KEY };
    const form = await openProviderForm();
    await fillProviderFields(form, { 'API key header': 'x-parley-key', 'API version': '2024-10-21' });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toastTexts(page)).toContain(`${PROVIDER} saved.`);
    await backToChat(page);

    await sendMessage(page, 'Again, with another header');
    await waitForAnswer(page, 'Echo: Again, with another header');
    const chat = chatRequests().at(-1);
    expect(chat?.path).toBe('/models/chat/completions?api-version=2024-10-21');
    expect(chat?.headers['x-parley-key']).toBe(KEY);
    expect(chat?.headers['api-key']).toBeUndefined();
  });

  it('shows "Missing API Key Header Name" when the header name is emptied, and sends nothing', async () => {
    const before = mock.requests.length;
    const form = await openProviderForm();
    await fillProviderFields(form, { 'API key header': '' });
    await form.getByRole('button', { name: 'Test connection' }).click();
    const header = form.getByLabel('API key header', { exact: true });
    await expect.poll(() => header.getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy(header)).toContain('Missing API Key Header Name');
    expect(mock.requests.length).toBe(before);
  });
});
