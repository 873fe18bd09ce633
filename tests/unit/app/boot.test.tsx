// @vitest-environment jsdom
import { act } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProviderView } from '../../../lib/core/providers';
import { setPref } from '../../../lib/storage/prefs';
import { createConversation, putMessage } from '../../../lib/storage/conversations';

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

const { mountSidePanel } = await import('../../../components/app/boot');

const provider: ProviderView = { id: 'p', kind: 'openai', name: 'Work', settings: {}, manualModels: [], createdAt: 1, secretsSet: {} };

beforeAll(() => {
  // jsdom has no CSS namespace; the panel uses CSS.escape to find its message box.
  vi.stubGlobal('CSS', { escape: (text: string) => text.replace(/["\\]/g, '\\$&') });
  // The idle checks of stored records are not what this test is about.
  vi.stubGlobal('requestIdleCallback', () => 0);
  vi.stubGlobal('cancelIdleCallback', () => undefined);
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

    const mounting = mountSidePanel(root);
    expect(asked).toEqual(['providers.list', 'models.list']);
    await act(() => mounting);
    await vi.waitFor(() => expect(atFirstPaint).toBeDefined());

    expect(atFirstPaint).toBe('gpt-4o');
    expect(document.documentElement.lang).toBe('ja-JP');
    expect(document.documentElement.dataset.theme).toBe('dark');
    await vi.waitFor(() => expect(document.activeElement).toBe(root.querySelector('textarea')));
  });

  it('paints the last conversation in its first render, never an empty chat before it', async () => {
    const conversation = await createConversation({ model: { providerId: 'p', model: 'gpt-4o' } });
    await putMessage({
      id: 'q',
      conversationId: conversation.id,
      role: 'user',
      content: 'Where were we?',
      createdAt: 1,
      status: 'complete',
    });
    await putMessage({
      id: 'a',
      conversationId: conversation.id,
      role: 'assistant',
      content: 'Right **here**.',
      createdAt: 2,
      status: 'complete',
    });
    await setPref('lastConversationId', conversation.id);
    const root = document.createElement('div');
    document.body.append(root);
    let atFirstPaint: string | undefined;
    new MutationObserver(() => {
      if (atFirstPaint === undefined && root.querySelector('textarea')) atFirstPaint = root.querySelector('[role=log]')?.textContent ?? '';
    }).observe(root, { childList: true, subtree: true });

    await act(() => mountSidePanel(root));
    await vi.waitFor(() => expect(atFirstPaint).toBeDefined());

    expect(atFirstPaint).toContain('Where were we?');
    // The markdown renderer was in before that paint: the answer shows rendered, not as its source.
    expect(root.querySelector('[role=log] strong')?.textContent).toBe('here');
    expect(atFirstPaint).not.toContain('**');
  });
});
