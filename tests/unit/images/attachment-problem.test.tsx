// @vitest-environment jsdom
import { act } from 'react';
import { deleteDB } from 'idb';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PanelToBackground } from '../../../lib/messaging/protocol';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { mount, settle, type } from '../support/dom';
import { stubCssEscape } from '../support/css-escape';
import { neverIdle } from '../support/idle';

const port = vi.hoisted(() => ({ posted: [] as PanelToBackground[] }));
vi.mock('../../../lib/messaging/client', async (original) =>
  (await import('../support/panel-offline')).offlineMessaging(original, port.posted),
);
vi.mock('../../../lib/page/active-tab', async (original) => (await import('../support/panel-offline')).inWindowOne(original));

const { App } = await import('../../../components/app/App');
const { useChatStore } = await import('../../../components/state/chat-store');
const { useProvidersStore } = await import('../../../components/state/providers-store');
const { useAttachments } = await import('../../../components/images/attachments-store');

beforeAll(() => {
  neverIdle();
  stubCssEscape();
});
afterAll(() => vi.unstubAllGlobals());

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
  port.posted.length = 0;
  useChatStore.setState({ conversation: undefined, messages: [], draft: '', pendingContext: [], notice: undefined, queued: false });
  useProvidersStore.setState({ loaded: true, providers: [], models: [], groups: [], selected: { providerId: 'p1', model: 'm1' } });
  useAttachments.setState({ images: [], problem: undefined });
});

const notice = () => document.querySelector('.image-notice');
const button = (name: string) => document.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)!;

/** The panel with "minutes.txt" refused under its message box. */
async function panelWithProblem() {
  await mount(<App />);
  await act(async () => useAttachments.getState().setProblem({ kind: 'not-an-image', name: 'minutes.txt' }));
  await settle(() => notice() !== null);
  expect(notice()!.textContent).toContain('minutes.txt');
}

describe('why an attachment was refused', () => {
  it('goes with New chat, even from a chat that was already new', async () => {
    await panelWithProblem();
    await act(async () => button('New chat').click());
    await settle(() => notice() === null);
    expect(useAttachments.getState().problem).toBeUndefined();
  });

  it('goes once a message without images is sent', async () => {
    await panelWithProblem();
    const box = document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]')!;
    await act(async () => type(box, 'Just text'));
    await act(async () => {
      box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    });
    await settle(() => port.posted.some((m) => m.type === 'start'));
    await settle(() => notice() === null);
  });

  it('is gone after a visit to the conversations (History)', async () => {
    await panelWithProblem();
    await act(async () => button('Conversations').click());
    await act(async () => button('Conversations').click());
    await settle(() => document.querySelector('textarea[aria-label="Message"]') !== null);
    expect(notice()).toBeNull();
  });

  it('stays while the user goes on writing', async () => {
    await panelWithProblem();
    await act(async () => type(document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]')!, 'Still here'));
    expect(notice()).not.toBeNull();
  });
});
