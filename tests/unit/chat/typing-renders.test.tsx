// @vitest-environment jsdom
import { act } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mount, settle } from '../support/dom';
import { alternatingMessages } from '../support/panel-offline';
import { neverIdle } from '../support/idle';

// Each render of an assistant message renders its markdown: counting those counts message renders.
const markdownRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../components/markdown/markdown', () => ({
  Markdown: ({ text }: { text: string }) => {
    markdownRenders.count++;
    return <div className="md">{text}</div>;
  },
  preloadMarkdown: () => Promise.resolve(),
}));
// The message box asks for dictation once per render: counting those counts the box's renders.
const boxRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../components/speech/use-dictation', async (original) => {
  const real = await original<typeof import('../../../components/speech/use-dictation')>();
  return {
    ...real,
    useDictation: (...args: Parameters<typeof real.useDictation>) => {
      boxRenders.count++;
      return real.useDictation(...args);
    },
  };
});
vi.mock('../../../lib/messaging/client', async (original) => (await import('../support/panel-offline')).offlineMessaging(original));

// The page tools ask which window the panel is in; the fake browser has none.
vi.mock('../../../lib/page/active-tab', async (original) => (await import('../support/panel-offline')).inWindowOne(original));

const { ChatView } = await import('../../../components/chat/ChatView');
const { useChatStore } = await import('../../../components/state/chat-store');

// jsdom has no idle callbacks; the last message's copy of the screen (use-last-screen.ts) waits for one. Undone after
// the last test's messages have unmounted, which cancels it.
beforeAll(() => {
  neverIdle();
});
afterAll(() => vi.unstubAllGlobals());
beforeEach(() => {
  markdownRenders.count = 0;
  useChatStore.setState({
    conversation: { id: 'c', title: 'Long', createdAt: 0, updatedAt: 0, systemPrompt: '', params: {} },
    messages: alternatingMessages(59),
    draft: '',
    pendingContext: [],
  });
});

describe('typing in a long conversation', () => {
  it('re-renders none of its messages', async () => {
    const view = await mount(<ChatView onOpenSettings={() => undefined} />);
    // The message view loads with the first message.
    await settle(() => view.container.querySelectorAll('article').length === 59);
    const before = markdownRenders.count;
    expect(before).toBeGreaterThan(0);

    for (const text of ['H', 'He', 'Hel', 'Hell', 'Hello']) {
      await act(async () => useChatStore.getState().setDraft(text));
    }

    expect(markdownRenders.count).toBe(before);
  });

  it('re-renders only the message that changed while an answer streams', async () => {
    const view = await mount(<ChatView onOpenSettings={() => undefined} />);
    await settle(() => view.container.querySelectorAll('article').length === 59);
    const before = markdownRenders.count;
    await act(async () =>
      useChatStore.setState((s) => ({ messages: s.messages.map((m) => (m.id === 'm57' ? { ...m, content: `${m.content}!` } : m)) })),
    );
    expect(markdownRenders.count - before).toBe(1);
  });

  it('leaves the message box alone while an answer streams in, until it ends', async () => {
    useChatStore.setState((s) => ({ messages: s.messages.map((m) => (m.id === 'm57' ? { ...m, status: 'streaming' as const } : m)) }));
    const view = await mount(<ChatView onOpenSettings={() => undefined} />);
    await settle(() => view.container.querySelectorAll('article').length === 59);
    // What the mount started (the page's window, the parts loaded on demand) may still land, each in a render of its
    // own. So the tokens arrive in one synchronous run, each in an act of its own: no timer or promise runs in
    // between, and the only React work each act flushes is what its token started.
    await act(async () => undefined);
    const before = boxRenders.count;
    for (const token of ['one', ' two', ' three']) {
      act(() =>
        useChatStore.setState((s) => ({
          messages: s.messages.map((m) => (m.id === 'm57' ? { ...m, content: `${m.content}${token}` } : m)),
        })),
      );
    }
    expect(boxRenders.count).toBe(before);
    expect(view.container.querySelector('.composer button[aria-label="Stop"]')).not.toBeNull();
    // The end of the answer turns the Stop button back into Send: that is the box's to show.
    await act(async () =>
      useChatStore.setState((s) => ({ messages: s.messages.map((m) => (m.id === 'm57' ? { ...m, status: 'complete' as const } : m)) })),
    );
    expect(boxRenders.count).toBeGreaterThan(before);
    expect(view.container.querySelector('.composer button[aria-label="Stop"]')).toBeNull();
    expect(view.container.querySelector('.composer button[aria-label="Send"]')).not.toBeNull();
  });
});
