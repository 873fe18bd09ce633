// @vitest-environment jsdom
import { act } from 'react';
import { deleteDB } from 'idb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PanelToBackground } from '../../../lib/messaging/protocol';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { mount, settle, type } from '../support/dom';

const port = vi.hoisted(() => ({ posted: [] as PanelToBackground[] }));
// The models never finish loading on their own here: the test decides when one is selected.
vi.mock('../../../lib/messaging/client', async (original) =>
  (await import('../support/panel-offline')).offlineMessaging(original, port.posted),
);
vi.mock('../../../lib/page/active-tab', async (original) => (await import('../support/panel-offline')).inWindowOne(original));

const { ChatView } = await import('../../../components/chat/ChatView');
const { useChatStore } = await import('../../../components/state/chat-store');
const { useProvidersStore } = await import('../../../components/state/providers-store');

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
  port.posted.length = 0;
  useChatStore.setState({ conversation: undefined, messages: [], draft: '', pendingContext: [], notice: undefined, queued: false });
  useProvidersStore.setState({ loaded: false, providers: [], models: [], groups: [], selected: undefined });
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
});
