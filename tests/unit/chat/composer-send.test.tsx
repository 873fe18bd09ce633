// @vitest-environment jsdom
import { act } from 'react';
import { deleteDB } from 'idb';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PanelToBackground } from '../../../lib/messaging/protocol';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { mount, settle, type } from '../support/dom';
import { neverIdle } from '../support/idle';

const port = vi.hoisted(() => ({ posted: [] as PanelToBackground[] }));
// The models never finish loading on their own here: the test decides when one is selected.
vi.mock('../../../lib/messaging/client', async (original) =>
  (await import('../support/panel-offline')).offlineMessaging(original, port.posted),
);
vi.mock('../../../lib/page/active-tab', async (original) => (await import('../support/panel-offline')).inWindowOne(original));
// Loaded (this factory runs) the first time anything imports it.
const loaded = vi.hoisted(() => ({ sendImages: false }));
vi.mock('../../../components/images/send-images', async (original) => {
  loaded.sendImages = true;
  return original<object>();
});

const { ChatView } = await import('../../../components/chat/ChatView');
const { useChatStore } = await import('../../../components/state/chat-store');
const { useProvidersStore } = await import('../../../components/state/providers-store');
const { useAttachments } = await import('../../../components/images/attachments-store');

// jsdom has no idle callbacks; the last message's copy of the screen (use-last-screen.ts) waits for one. Undone after
// the last test's messages have unmounted, which cancels it.
beforeAll(() => {
  neverIdle();
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:stored');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
});
afterAll(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
  port.posted.length = 0;
  useChatStore.setState({ conversation: undefined, messages: [], draft: '', pendingContext: [], notice: undefined, queued: false });
  useProvidersStore.setState({ loaded: false, providers: [], models: [], groups: [], selected: undefined });
  useAttachments.setState({ images: [], problem: undefined });
});

async function typeAndEnter(text: string) {
  const box = document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]')!;
  expect(box.disabled).toBe(false);
  await act(async () => type(box, text));
  await act(async () => {
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  });
  return box;
}

const button = (name: string) => document.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`);

// First in the file: once any test sends an image, the module is loaded for the rest.
describe('a message without images', () => {
  it('is sent without loading the code that scales images', async () => {
    useProvidersStore.setState({ loaded: true, selected: { providerId: 'p1', model: 'm1' } });
    await mount(<ChatView onOpenSettings={() => undefined} />);
    await typeAndEnter('Just text');

    await settle(() => port.posted.some((m) => m.type === 'start'));
    expect(useChatStore.getState().messages[0]).toMatchObject({ role: 'user', content: 'Just text' });
    expect(loaded.sendImages).toBe(false);
  });
});

describe('a message sent before the models have loaded', () => {
  it('waits, visibly, and is sent once a model is selected', async () => {
    await mount(<ChatView onOpenSettings={() => undefined} />);
    const box = await typeAndEnter('Hello early');

    // Nothing is sent yet, and nothing is lost: the text stays, the button says it is waiting.
    expect(port.posted).toEqual([]);
    expect(useChatStore.getState().messages).toEqual([]);
    expect(box.value).toBe('Hello early');
    expect(button("Don't send when a model is ready")).not.toBeNull();
    expect(document.body.textContent).toContain('Sends as soon as a model is ready.');

    await act(async () => useProvidersStore.setState({ loaded: true, selected: { providerId: 'p1', model: 'm1' } }));

    await settle(() => port.posted.some((m) => m.type === 'start'));
    const sent = useChatStore.getState().messages;
    expect(sent.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Hello early'],
      ['assistant', ''],
    ]);
    expect(sent[1]!.model).toEqual({ providerId: 'p1', model: 'm1' });
    expect(box.value).toBe('');
    expect(button('Stop')).not.toBeNull();
    expect(button("Don't send when a model is ready")).toBeNull();
  });

  it('can be taken back before a model arrives; it is then not sent', async () => {
    await mount(<ChatView onOpenSettings={() => undefined} />);
    const box = await typeAndEnter('Never mind');
    await act(async () => button("Don't send when a model is ready")!.click());

    await act(async () => useProvidersStore.setState({ loaded: true, selected: { providerId: 'p1', model: 'm1' } }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));

    expect(port.posted).toEqual([]);
    expect(useChatStore.getState().messages).toEqual([]);
    expect(box.value).toBe('Never mind');
  });

  it('goes with the images attached to it, scaled for the model once it is chosen', async () => {
    const blob = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    const image = { id: 'i1', blob, mimeType: 'image/png' as const, width: 4, height: 4, url: 'blob:i1' };
    useAttachments.setState({ images: [image] });
    await mount(<ChatView onOpenSettings={() => undefined} />);
    await typeAndEnter('What is this?');
    expect(port.posted).toEqual([]);

    const provider = { id: 'p1', kind: 'openai' as const, name: 'OpenAI', settings: {}, manualModels: [], createdAt: 1, secretsSet: {} };
    await act(async () =>
      useProvidersStore.setState({ loaded: true, providers: [provider], selected: { providerId: 'p1', model: 'gpt-4o' } }),
    );

    await settle(() => port.posted.some((m) => m.type === 'start'));
    const [question] = useChatStore.getState().messages;
    expect(question).toMatchObject({ role: 'user', content: 'What is this?', images: [expect.anything()] });
    expect(useAttachments.getState().images).toEqual([]);
    // The question shows its image, read back from storage. Node's createObjectURL takes only Node's own Blob, not the
    // one the test database hands back, so the URL is stood in for.
    await settle(() => document.querySelector('img.message-image')?.getAttribute('src') === 'blob:stored');
  });
});
