import { deleteDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BackgroundToPanel, PanelToBackground } from '../../../lib/messaging/protocol';
import { createConversation, listMessages } from '../../../lib/storage/conversations';
import { closeDb, DB_NAME } from '../../../lib/storage/db';

const port = vi.hoisted(() => ({ posted: [] as PanelToBackground[] }));
vi.mock('../../../lib/messaging/client', () => ({
  connectChat: (_onMessage: (m: BackgroundToPanel) => void) => ({
    post: (m: PanelToBackground) => port.posted.push(m),
    close: () => undefined,
  }),
}));

const { useChatStore } = await import('../../../components/state/chat-store');
const { useAttachments } = await import('../../../components/images/attachments-store');
const { sendWithImages } = await import('../../../components/images/send-images');
const { useProvidersStore } = await import('../../../components/state/providers-store');

const pending = () => {
  const blob = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
  return { id: crypto.randomUUID(), blob, mimeType: 'image/png' as const, width: 4, height: 4, url: URL.createObjectURL(blob) };
};

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
  port.posted.length = 0;
  useAttachments.setState({ images: [pending()], problem: undefined });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openChat(model: { providerId: string; model: string }) {
  const c = await createConversation({ model });
  await useChatStore.getState().open(c.id);
  useChatStore.getState().setDraft('What is this?');
  return c.id;
}

describe('sending the composer’s images', () => {
  it('sends them to a model that takes images, and empties the composer', async () => {
    const model = { providerId: 'p', model: 'gpt-4o' };
    const id = await openChat(model);
    expect(await sendWithImages('What is this?', model, 'openai')).toBe(true);
    expect(useAttachments.getState().images).toEqual([]);
    expect((await listMessages(id))[0]?.images).toHaveLength(1);
  });

  it('refuses a text-only model before anything is stored or sent, keeping text and images', async () => {
    const model = { providerId: 'p', model: 'gpt-3.5-turbo' };
    const id = await openChat(model);
    expect(await sendWithImages('What is this?', model, 'openai')).toBe(false);
    expect(useAttachments.getState()).toMatchObject({
      images: [expect.anything()],
      problem: { kind: 'refused', code: 'images-unsupported' },
    });
    expect(useChatStore.getState().draft).toBe('What is this?');
    expect(await listMessages(id)).toEqual([]);
    expect(port.posted).toEqual([]);
  });

  it('sends them to the built-in model only where its listing says this browser’s model takes images', async () => {
    const model = { providerId: 'builtin', model: 'on-device' };
    const provider = {
      id: 'builtin',
      kind: 'builtin' as const,
      name: 'Built-in',
      settings: {},
      manualModels: [],
      createdAt: 0,
      secretsSet: {},
    };
    const listing = (images: boolean) =>
      useProvidersStore
        .getState()
        .showLast({ providers: [provider], models: [{ providerId: 'builtin', models: [{ id: 'on-device', images }] }] }, model);

    useProvidersStore.setState({ loaded: false });
    listing(false);
    const id = await openChat(model);
    expect(await sendWithImages('What is this?', model, 'builtin')).toBe(false);
    expect(useAttachments.getState().problem).toMatchObject({ code: 'images-unsupported' });

    useProvidersStore.setState({ loaded: false });
    listing(true);
    expect(await sendWithImages('What is this?', model, 'builtin')).toBe(true);
    expect((await listMessages(id))[0]?.images).toHaveLength(1);
  });

  it('says storage is full, keeping text and images, when the browser has no room for them', async () => {
    vi.stubGlobal('navigator', { storage: { estimate: async () => ({ usage: 100, quota: 101 }) } });
    const model = { providerId: 'p', model: 'gpt-4o' };
    const id = await openChat(model);
    expect(await sendWithImages('What is this?', model, 'openai')).toBe(false);
    expect(useAttachments.getState()).toMatchObject({ images: [expect.anything()], problem: { kind: 'refused', code: 'storage-full' } });
    expect(useChatStore.getState().draft).toBe('What is this?');
    expect(await listMessages(id)).toEqual([]);
    expect(port.posted.filter((m) => m.type === 'start')).toEqual([]);
  });
});
