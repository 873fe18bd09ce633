import { deleteDB } from 'idb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildChatRequest } from '../../../lib/chat/build-request';
import { loadTurn } from '../../../lib/chat/load-turn';
import { StreamRegistry } from '../../../lib/chat/stream-registry';
import type { StoredMessage } from '../../../lib/core/conversation';
import { acceptsImages, fitWithin, imageLimit } from '../../../lib/core/image-limits';
import type { ImagePart, ImageRef } from '../../../lib/core/images';
import type { ProviderKind } from '../../../lib/core/providers';
import type { ProviderAdapter } from '../../../lib/providers/types';
import type { BackgroundToPanel } from '../../../lib/messaging/protocol';
import { createConversation, putMessage } from '../../../lib/storage/conversations';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { storeImages } from '../../../lib/storage/images';
import { aConversation } from '../support/conversation';

const conversation = aConversation({ model: { providerId: 'p1', model: 'm' } });
const ref: ImageRef = { id: 'img1', mimeType: 'image/png', width: 2, height: 2, bytes: 3 };
const part: ImagePart = { mimeType: 'image/png', data: 'AQID' };
const question: StoredMessage = {
  id: 'u1',
  conversationId: 'c1',
  role: 'user',
  content: 'What is it?',
  createdAt: 1,
  status: 'complete',
  images: [ref],
};
const answer: StoredMessage = { id: 'a1', conversationId: 'c1', role: 'assistant', content: '', createdAt: 2, status: 'streaming' };

describe('the image limit table', () => {
  it.each<[ProviderKind, string, boolean]>([
    ['openai', 'gpt-4o-mini', true],
    ['openai', 'gpt-3.5-turbo', false],
    ['deepseek', 'deepseek-chat', false],
    ['openai-compatible', 'some-local-model', true],
    ['anthropic', 'claude-sonnet-4-5', true],
    ['anthropic', 'claude-2.1', false],
    ['gemini', 'gemini-2.5-flash', true],
    ['gemini', 'text-embedding-004', false],
    ['bedrock', 'us.anthropic.claude-3-5-sonnet-20241022-v2:0', true],
    ['bedrock', 'amazon.nova-lite-v1:0', true],
    ['bedrock', 'amazon.nova-micro-v1:0', false],
    ['bedrock', 'meta.llama3-8b-instruct-v1:0', false],
    ['ollama', 'llava:13b', true],
    ['ollama', 'llama3.2-vision', true],
    ['ollama', 'llama3.1:8b', false],
    ['azure-inference', 'gpt-4o', true],
  ])('%s %s takes images: %s', (kind, model, expected) => {
    expect(acceptsImages(kind, model)).toBe(expected);
  });

  it('takes the listing’s word over the table where the provider gives one (the built-in model, which varies by device)', () => {
    expect(acceptsImages('builtin', 'on-device', { id: 'on-device', images: false })).toBe(false);
    expect(acceptsImages('builtin', 'on-device', { id: 'on-device', images: true })).toBe(true);
    expect(acceptsImages('openai', 'gpt-4o', { id: 'gpt-4o' })).toBe(true);
  });

  it('names a limit for every provider', () => {
    expect(imageLimit('anthropic')).toMatchObject({ maxEdge: 1568, maxBytes: 5 * 1024 * 1024 });
    expect(imageLimit('ollama').formats).toEqual(['image/png', 'image/jpeg']);
    expect(imageLimit('groq')).toBe(imageLimit('openai'));
  });

  it('scales the longer side down to the limit, keeping the aspect, and never up', () => {
    expect(fitWithin(4000, 3000, 2048)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(1000, 5000, 1568)).toEqual({ width: 314, height: 1568 });
    expect(fitWithin(300, 200, 2048)).toEqual({ width: 300, height: 200 });
  });
});

describe('images in a turn', () => {
  beforeEach(async () => {
    await closeDb();
    await deleteDB(DB_NAME);
  });

  it('loads the history’s images with the turn', async () => {
    const c = await createConversation();
    await storeImages(c.id, [{ ref, blob: new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }) }]);
    await putMessage({ ...question, conversationId: c.id });
    await putMessage({ ...answer, conversationId: c.id });
    const turn = await loadTurn(c.id, 'a1');
    expect(turn.images).toEqual(new Map([['img1', part]]));
  });

  it('puts the images on their user turn', () => {
    const request = buildChatRequest(conversation, [question], 'm', undefined, undefined, new Map([['img1', part]]));
    expect(request.messages).toEqual([{ role: 'user', content: 'What is it?', images: [part] }]);
    expect(buildChatRequest(conversation, [question], 'm').messages).toEqual([{ role: 'user', content: 'What is it?' }]);
  });

  function registry(kind: ProviderKind, model: string, history: StoredMessage[]) {
    const chat = vi.fn<ProviderAdapter['chat']>(async function* () {
      yield { type: 'finish', reason: 'stop' };
    });
    const stored = new Map<string, Partial<StoredMessage>>();
    const seen: BackgroundToPanel[] = [];
    const r = new StreamRegistry({
      loadTurn: async () => ({
        conversation: { ...conversation, model: { providerId: 'p1', model } },
        history,
        answer,
        images: new Map([['img1', part]]),
      }),
      resolve: async () => ({
        adapter: { kind, maxTools: 128, listModels: async () => [], chat },
        context: { config: { id: 'p1', kind, name: 'x', settings: {}, manualModels: [], createdAt: 0 }, settings: {}, secrets: {}, fetch },
      }),
      patchMessage: async (id, patch) => void stored.set(id, { ...stored.get(id), ...patch }),
      keepAlive: () => () => undefined,
      checkpointMs: 0,
    });
    return { chat, stored, seen, start: () => r.start('c1', 'a1', { send: (m) => seen.push(m) }) };
  }

  it('refuses a question with images to a text-only model before sending anything', async () => {
    const t = registry('openai', 'gpt-3.5-turbo', [question]);
    await t.start();
    expect(t.chat).not.toHaveBeenCalled();
    expect(t.stored.get('a1')).toMatchObject({ status: 'error', error: { code: 'images-unsupported' } });
  });

  it('sends a vision model the images', async () => {
    const t = registry('openai', 'gpt-4o', [question]);
    await t.start();
    expect(t.chat.mock.calls[0]![1].messages[0]).toEqual({ role: 'user', content: 'What is it?', images: [part] });
  });

  it('lets a text-only model go on with a conversation whose earlier turns had images, leaving them out', async () => {
    const later: StoredMessage = { ...question, id: 'u2', content: 'And now in words?', images: undefined };
    const t = registry('openai', 'gpt-3.5-turbo', [question, { ...answer, id: 'a0', content: 'A cat.' }, later]);
    await t.start();
    expect(t.chat.mock.calls[0]![1].messages.some((m) => m.images)).toBe(false);
    expect(t.stored.get('a1')).toMatchObject({ status: 'complete' });
  });
});
