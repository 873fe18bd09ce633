import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchExtension, type ExtensionHarness } from './support/extension';
import { addProvider, backToChat, conversation, pickModel, sendMessage, waitForAnswer } from './support/panel';
import { imagesIn } from '../mocks/image-parts';
import { startOllamaMock, type OllamaMock } from '../mocks/ollama-server';
import { startOpenAIMock, type OpenAIMock } from '../mocks/openai-server';
import type { RecordedRequest } from '../mocks/scenario';

const KEY = 'sk-test-images-123456';

/** Pastes a PNG of one colour, drawn in the page, into the message box; resolves to its bytes as base64. */
function pasteImage(page: Page, width: number, height: number, colour: string): Promise<string> {
  return page.getByRole('textbox', { name: 'Message' }).evaluate(
    async (box, { width, height, colour }) => {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d')!;
      context.fillStyle = colour;
      context.fillRect(0, 0, width, height);
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      const clipboard = new DataTransfer();
      clipboard.items.add(new File([blob], 'pasted.png', { type: 'image/png' }));
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      return btoa(String.fromCharCode(...bytes));
    },
    { width, height, colour },
  );
}

/** A PNG's size, from its IHDR chunk. */
function pngSize(base64: string): { width: number; height: number } {
  const bytes = Buffer.from(base64, 'base64');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const chats = (requests: RecordedRequest[], path: string) => requests.filter((r) => r.method === 'POST' && r.path.startsWith(path));

describe('images in the composer', () => {
  let harness: ExtensionHarness;
  let openai: OpenAIMock;
  let ollama: OllamaMock;
  let page: Page;

  beforeAll(async () => {
    openai = await startOpenAIMock({ apiKey: KEY, models: ['gpt-4o-mini', 'gpt-3.5-turbo'] });
    ollama = await startOllamaMock({ models: ['llava'] });
    harness = await launchExtension();
    page = await harness.openSidePanelPage();
    await addProvider(page, 'OpenAI-compatible', { 'Base URL': openai.url, 'API key': KEY });
    await addProvider(page, 'Ollama', { 'Base URL': ollama.url });
    await backToChat(page);
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

  it('pastes an image, shows it as a removable thumbnail, and sends it to OpenAI as a data URL', async () => {
    await pickModel(page, 'gpt-4o-mini');
    const pasted = await pasteImage(page, 40, 30, '#e00000');
    const chips = page.getByRole('list', { name: 'Attached images' });
    await expect.poll(() => chips.getByRole('img', { name: 'Image 1 of 1' }).count()).toBe(1);
    expect(await chips.getByRole('button', { name: 'Remove image 1' }).count()).toBe(1);

    await sendMessage(page, 'What colour is this?');
    await waitForAnswer(page, 'Echo: What colour is this?');
    const chat = chats(openai.requests, '/v1/chat/completions').at(-1);
    expect(imagesIn('openai', chat!.body)).toEqual([{ mimeType: 'image/png', data: pasted }]);
    expect((chat!.body as { messages: unknown[] }).messages.at(-1)).toMatchObject({
      role: 'user',
      content: [{ type: 'text', text: 'What colour is this?' }, { type: 'image_url' }],
    });

    // Sent: the composer is empty again, and the message shows its image, read back from storage.
    expect(await page.getByRole('button', { name: 'Remove image 1' }).count()).toBe(0);
    const sent = conversation(page).getByRole('article', { name: 'You' }).last();
    await expect.poll(() => sent.getByRole('img', { name: 'Image 1 of 1' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40);
  });

  it('scales an image larger than the provider takes down in the panel before sending', async () => {
    await pickModel(page, 'gpt-4o-mini');
    await pasteImage(page, 3000, 1000, '#0050e0');
    await expect.poll(() => page.getByRole('button', { name: 'Remove image 1' }).count()).toBe(1);
    // The chip says so before it goes, in words and in the image's name.
    const chips = page.getByRole('list', { name: 'Attached images' });
    expect(await chips.getByRole('img', { name: 'Image 1 of 1, scaled to 2048×683' }).count()).toBe(1);
    expect(await chips.getByText('Scaled to 2048×683', { exact: true }).isVisible()).toBe(true);
    await sendMessage(page, 'And this one?');
    await waitForAnswer(page, 'Echo: And this one?');
    // The conversation's first image goes again with its turn; this turn's is the last.
    const image = imagesIn('openai', chats(openai.requests, '/v1/chat/completions').at(-1)!.body).at(-1);
    expect(image?.mimeType).toBe('image/png');
    expect(pngSize(image!.data)).toEqual({ width: 2048, height: 683 });
  });

  it('refuses images to a text-only model before sending, keeping the text and the images', async () => {
    await pickModel(page, 'gpt-3.5-turbo');
    const sentBefore = chats(openai.requests, '/v1/chat/completions').length;
    await pasteImage(page, 20, 20, '#00a000');
    const box = page.getByRole('textbox', { name: 'Message' });
    await sendMessage(page, 'Describe it');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'This model cannot see images' }).count()).toBe(1);
    expect(await box.inputValue()).toBe('Describe it');
    expect(await page.getByRole('button', { name: 'Remove image 1' }).count()).toBe(1);
    expect(chats(openai.requests, '/v1/chat/completions')).toHaveLength(sentBefore);

    // Removing the image lets the text go to the same model, without the images of earlier turns it could not see.
    await page.getByRole('button', { name: 'Remove image 1' }).click();
    await box.press('Enter');
    await waitForAnswer(page, 'Echo: Describe it');
    expect(imagesIn('openai', chats(openai.requests, '/v1/chat/completions').at(-1)!.body)).toEqual([]);
  });

  it('takes images from the file picker and by drag and drop, and names a file that is not an image', async () => {
    const removeButtons = page.getByRole('button', { name: /^Remove image/ });
    const png = await page.evaluate(async () => {
      const canvas = new OffscreenCanvas(16, 16);
      canvas.getContext('2d')!.fillRect(0, 0, 16, 16);
      const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
      return btoa(String.fromCharCode(...bytes));
    });
    await page.locator('input[type=file]').setInputFiles({ name: 'picked.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
    await expect.poll(() => removeButtons.count()).toBe(1);

    await page.getByRole('textbox', { name: 'Message' }).evaluate((box, png) => {
      const dropped = new DataTransfer();
      dropped.items.add(new File([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))], 'dropped.png', { type: 'image/png' }));
      dropped.items.add(new File(['plain words'], 'notes.txt', { type: 'text/plain' }));
      box.closest('form')!.dispatchEvent(new DragEvent('drop', { dataTransfer: dropped, bubbles: true, cancelable: true }));
    }, png);
    await expect.poll(() => removeButtons.count()).toBe(2);
    expect(await page.getByRole('alert').filter({ hasText: '“notes.txt” is not an image Parley can send.' }).count()).toBe(1);
    await removeButtons.first().click();
    await removeButtons.first().click();
    expect(await removeButtons.count()).toBe(0);
  });

  it('sends Ollama the image as bare base64 in the message’s images', async () => {
    await pickModel(page, 'llava:latest');
    const pasted = await pasteImage(page, 32, 32, '#ffcc00');
    await expect.poll(() => page.getByRole('button', { name: 'Remove image 1' }).count()).toBe(1);
    await sendMessage(page, 'Which colour?');
    await waitForAnswer(page, 'Echo: Which colour?');
    const chat = chats(ollama.requests, '/api/chat').at(-1)!;
    expect((chat.body as { messages: { images?: string[] }[] }).messages.at(-1)?.images).toEqual([pasted]);
  });
});
