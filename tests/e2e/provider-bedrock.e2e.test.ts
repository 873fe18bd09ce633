import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchExtension, type ExtensionHarness } from './support/extension';
import {
  addProvider,
  backToChat,
  describedBy,
  lastAnswer,
  openProvider,
  openProviders,
  pickModel,
  sendMessage,
  toastTexts,
  waitForAnswer,
} from './support/panel';
import { BEDROCK_TEST_CREDENTIALS, startBedrockMock, type BedrockMock } from '../mocks/bedrock-server';

const PROVIDER = 'Amazon Bedrock';
/** Typed into the manual models field: the mock's catalog lists profiles by id, never by ARN. */
const MODEL = 'arn:aws:bedrock:us-east-1:123456789012:inference-profile/us.anthropic.claude-3-5-haiku-20241022-v1:0';

describe('Amazon Bedrock provider', () => {
  let harness: ExtensionHarness;
  let mock: BedrockMock;
  let page: Page;

  const streamRequests = () => mock.requests.filter((r) => r.path.endsWith('/invoke-with-response-stream'));

  const providerForm = () => openProvider(page, PROVIDER);

  async function saveSecret(secret: string) {
    const form = await providerForm();
    await form.getByLabel('Secret access key', { exact: true }).fill(secret);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toastTexts(page)).toContain(`${PROVIDER} saved.`);
    await backToChat(page);
  }

  beforeAll(async () => {
    mock = await startBedrockMock();
    harness = await launchExtension();
    page = await harness.openSidePanelPage();
  });

  afterAll(async () => {
    await harness?.close();
    await mock?.close();
  });

  it('refuses a provider saved without its region or keys in the specification’s words, not the browser’s', async () => {
    const section = await openProviders(page);
    await section.getByRole('button', { name: 'Add provider' }).click();
    await section.getByRole('button', { name: PROVIDER, exact: true }).click();
    const form = page.getByRole('region', { name: 'New provider' });
    await form.getByRole('button', { name: 'Save' }).click();

    const region = form.getByLabel('Region', { exact: true });
    await expect.poll(() => region.getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy(region)).toBe('Region is missing: Enter the region your models run in, for example us-east-1.');
    expect(await describedBy(form.getByLabel('Access key ID', { exact: true }))).toMatch(/^Credential is missing: /);
    expect(await describedBy(form.getByLabel('Secret access key', { exact: true }))).toMatch(/^Credential is missing: /);
    // Parley's check spoke first: focus went to the field, and the browser has no message of its own there.
    await expect.poll(() => region.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await region.evaluate((el: HTMLInputElement) => el.validationMessage)).toBe('');
    expect(mock.requests).toEqual([]);
    await form.getByRole('button', { name: 'Cancel' }).click();
  });

  it('is added in Settings and streams a Claude answer over a SigV4-signed event stream', async () => {
    await addProvider(page, PROVIDER, {
      Region: 'us-east-1',
      'Access key ID': BEDROCK_TEST_CREDENTIALS.accessKeyId,
      'Secret access key': BEDROCK_TEST_CREDENTIALS.secretAccessKey,
      'Custom endpoint': mock.url,
      'Models (one per line, if the service cannot list them)': MODEL,
    });
    const form = await providerForm();
    await form.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => form.getByText(/^Connected: \d+ models available\.$/).isVisible()).toBe(true);
    await backToChat(page);

    await pickModel(page, MODEL);

    mock.enqueue({ kind: 'text', text: 'Hello from **Bedrock**, streamed.', chunkSize: 3, delayMs: 20 });
    await sendMessage(page, 'Hi Bedrock');
    await expect.poll(() => page.getByRole('button', { name: 'Stop' }).isVisible()).toBe(true);
    await waitForAnswer(page, 'Hello from Bedrock, streamed.');
    expect(await lastAnswer(page).locator('strong').innerText()).toBe('Bedrock');

    const [chat] = streamRequests();
    expect(chat?.path).toBe(`/model/${encodeURIComponent(MODEL)}/invoke-with-response-stream`);
    expect(chat?.body).toMatchObject({
      anthropic_version: 'bedrock-2023-05-31',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi Bedrock' }] }],
    });
    expect(String(chat?.headers.authorization)).toMatch(
      new RegExp(
        `^AWS4-HMAC-SHA256 Credential=${BEDROCK_TEST_CREDENTIALS.accessKeyId}/\\d{8}/us-east-1/bedrock/aws4_request, SignedHeaders=\\S+, Signature=[0-9a-f]{64}$`,
      ),
    );
    // The listing, the test and the chat: every one recomputed and matched by the mock.
    expect(mock.signatures.length).toBeGreaterThanOrEqual(3);
    expect(mock.signatures.filter((s) => !s.ok)).toEqual([]);
  });

  it('shows a refused signature as a refused key', async () => {
    await saveSecret('not-the-right-secret');
    await sendMessage(page, 'Signed with the wrong secret');
    const alert = lastAnswer(page).getByRole('alert');
    await expect.poll(() => alert.innerText()).toContain('The key was refused');
    expect(await alert.textContent()).toContain('The request signature we calculated does not match');
    expect(mock.signatures.at(-1)).toMatchObject({ ok: false, failure: { type: 'InvalidSignatureException', status: 403 } });
    await saveSecret(BEDROCK_TEST_CREDENTIALS.secretAccessKey);
  });

  it('keeps the partial answer, marked incomplete with Retry, when a throttling event interrupts the stream', async () => {
    await page.getByRole('button', { name: 'New chat' }).click();
    const before = streamRequests().length;
    mock.enqueue({
      kind: 'exception',
      exception: 'ThrottlingException',
      message: 'Too many tokens, please wait before trying again.',
      afterText: 'The first half of the answer',
    });
    await sendMessage(page, 'Tell me everything');
    await expect.poll(() => lastAnswer(page).innerText()).toContain('This answer is incomplete.');
    expect(await lastAnswer(page).innerText()).toContain('The first half of the answer');
    expect(await lastAnswer(page).getByRole('alert').innerText()).toContain('Too many requests');
    // Bytes had arrived: nothing replays the answer behind the user's back.
    expect(streamRequests().length).toBe(before + 1);

    await lastAnswer(page).getByRole('button', { name: 'Retry' }).click();
    await waitForAnswer(page, 'Echo: Tell me everything');
    expect(streamRequests().length).toBe(before + 2);
  });
});
