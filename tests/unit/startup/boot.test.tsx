// @vitest-environment jsdom
import { act } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProviderView } from '../../../lib/core/providers';
import { setPref } from '../../../lib/storage/prefs';
import { createConversation, putMessage } from '../../../lib/storage/conversations';
import { stubCssEscape } from '../support/css-escape';
import { neverIdle } from '../support/idle';

// A worker still starting after a browser restart: it is asked, and has not answered yet.
const asked = vi.hoisted(() => [] as string[]);
vi.mock('../../../lib/messaging/client', async (original) => {
  const offline = await (await import('../support/panel-offline')).offlineMessaging(original);
  return {
    ...offline,
    request: (name: string) => {
      asked.push(name);
      return new Promise(() => undefined);
    },
  };
});

vi.mock('../../../lib/page/active-tab', async (original) => (await import('../support/panel-offline')).inWindowOne(original));

const { mountSidePanel } = await import('../../../components/startup');
const { App } = await import('../../../components/app/App');
const { useChatStore } = await import('../../../components/state/chat-store');
const { readConversationHint, rememberConversationHint } = await import('../../../components/startup/conversation-hint');

const provider: ProviderView = { id: 'p', kind: 'openai', name: 'Work', settings: {}, manualModels: [], createdAt: 1, secretsSet: {} };

beforeAll(() => {
  stubCssEscape();
  // The idle checks of stored records are not what this test is about.
  neverIdle();
});
afterAll(() => vi.unstubAllGlobals());

describe('opening the panel after a browser restart', () => {
  it('asks the worker first, and paints the message box with the last model already chosen, in the stored language and theme', async () => {
    await setPref('modelListing', { providers: [provider], models: [{ providerId: 'p', models: [{ id: 'gpt-4o' }] }] });
    await setPref('selectedModel', { providerId: 'p', model: 'gpt-4o' });
    await setPref('locale', 'ja-JP');
    await setPref('theme', 'dark');
    const root = document.createElement('div');
    document.body.append(root);
    // What the picker says when the message box first appears: the first paint, before any later update.
    let atFirstPaint: string | undefined;
    new MutationObserver(() => {
      if (atFirstPaint === undefined && root.querySelector('textarea')) {
        atFirstPaint = root.querySelector('.model-picker-value')?.textContent ?? '';
      }
    }).observe(root, { childList: true, subtree: true });

    const mounting = mountSidePanel(root, App);
    expect(asked).toEqual(['providers.list', 'models.list']);
    await act(() => mounting);
    await vi.waitFor(() => expect(atFirstPaint).toBeDefined());

    expect(atFirstPaint).toBe('gpt-4o');
    expect(document.documentElement.lang).toBe('ja-JP');
    expect(document.documentElement.dataset.theme).toBe('dark');
    await vi.waitFor(() => expect(document.activeElement).toBe(root.querySelector('textarea')));
  });

  it('paints the last conversation in its first render, never an empty chat before it', async () => {
    const conversation = await conversationSaying('Where were we?');
    await putMessage({
      id: 'a',
      conversationId: conversation.id,
      role: 'assistant',
      content: 'Right **here**.',
      createdAt: 2,
      status: 'complete',
    });
    await setPref('lastConversationId', conversation.id);
    const root = newRoot();
    const paint = logAtFirstPaint(root);

    await act(() => mountSidePanel(root, App));

    expect(await paint).toContain('Where were we?');
    // The markdown renderer was in before that paint: the answer shows rendered, not as its source.
    expect(root.querySelector('[role=log] strong')?.textContent).toBe('here');
    expect(await paint).not.toContain('**');
  });

  it("starts reading the conversation the page's copy names before the preferences, once, when they name it too", async () => {
    const conversation = await conversationSaying('Left open yesterday');
    await setPref('lastConversationId', conversation.id);
    rememberConversationHint(conversation.id);
    const open = vi.spyOn(useChatStore.getState(), 'open');
    const root = newRoot();
    const paint = logAtFirstPaint(root);

    const mounting = mountSidePanel(root, App);
    // Called before the first await of the boot: no preference has been read yet.
    expect(open).toHaveBeenCalledWith(conversation.id, true);
    await act(() => mounting);

    expect(await paint).toContain('Left open yesterday');
    expect(open).toHaveBeenCalledOnce();
    open.mockRestore();
  });

  it('opens the conversation the preferences name when the copy names another, and corrects the copy', async () => {
    const stale = await conversationSaying('An older chat');
    const stored = await conversationSaying('The chat left open');
    await setPref('lastConversationId', stored.id);
    rememberConversationHint(stale.id);
    const root = newRoot();
    const paint = logAtFirstPaint(root);

    await act(() => mountSidePanel(root, App));

    expect(await paint).toContain('The chat left open');
    expect(useChatStore.getState().conversation?.id).toBe(stored.id);
    expect(readConversationHint()).toBe(stored.id);
  });
});

async function conversationSaying(text: string) {
  const conversation = await createConversation({ model: { providerId: 'p', model: 'gpt-4o' } });
  await putMessage({
    id: crypto.randomUUID(),
    conversationId: conversation.id,
    role: 'user',
    content: text,
    createdAt: 1,
    status: 'complete',
  });
  return conversation;
}

function newRoot(): HTMLElement {
  const root = document.createElement('div');
  document.body.append(root);
  return root;
}

/** The conversation log's text when the panel's message box first appears in `root`. */
function logAtFirstPaint(root: HTMLElement): Promise<string> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!root.querySelector('textarea')) return;
      observer.disconnect();
      resolve(root.querySelector('[role=log]')?.textContent ?? '');
    });
    observer.observe(root, { childList: true, subtree: true });
  });
}
