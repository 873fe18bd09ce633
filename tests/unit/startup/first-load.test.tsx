// @vitest-environment jsdom
import { act } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mount, settle, type } from '../support/dom';
import { stubCssEscape } from '../support/css-escape';

// The parts an empty panel must not fetch: how often the message view and the renderer were preloaded, and the reading
// bar (a lazy part) mounted.
const fetched = vi.hoisted(() => ({ messageView: 0, markdown: 0, toolSteps: 0, readerBar: 0, speechPrefs: false }));
vi.mock('../../../components/startup/message-view-loaders', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../components/startup/message-view-loaders')>();
  return {
    ...original,
    preloadMessageView: () => {
      fetched.messageView++;
      return original.preloadMessageView();
    },
  };
});
vi.mock('../../../components/markdown/markdown', () => ({
  Markdown: ({ text }: { text: string }) => <div className="md">{text}</div>,
  preloadMarkdown: () => {
    fetched.markdown++;
    return Promise.resolve();
  },
}));
vi.mock('../../../components/reader/ReaderBar', () => ({
  ReaderBar: () => {
    fetched.readerBar++;
    return <section aria-label="Read aloud" />;
  },
}));
// Loaded (this factory runs) the first time anything imports it.
vi.mock('../../../lib/speech/speech-prefs', async (importOriginal) => {
  fetched.speechPrefs = true;
  return importOriginal<object>();
});
vi.mock('../../../lib/messaging/client', async (original) => (await import('../support/panel-offline')).offlineMessaging(original));
vi.mock('../../../lib/page/active-tab', async (original) => (await import('../support/panel-offline')).inWindowOne(original));

const { App } = await import('../../../components/app/App');
const { useChatStore } = await import('../../../components/state/chat-store');
const { useReaderUi } = await import('../../../components/reader/reader-start');
const { ToolSteps } = await import('../../../components/chat/on-demand-parts');

beforeAll(() => {
  // An idle panel runs its idle work at once here: what it would fetch while idle is fetched before the test looks.
  vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 0));
  vi.stubGlobal('cancelIdleCallback', (id: number) => clearTimeout(id));
  stubCssEscape();
});

afterAll(() => vi.unstubAllGlobals());

beforeEach(() => {
  fetched.messageView = 0;
  fetched.markdown = 0;
  fetched.readerBar = 0;
  fetched.toolSteps = 0;
  vi.spyOn(ToolSteps, 'preload').mockImplementation(() => {
    fetched.toolSteps++;
    return Promise.resolve();
  });
  useChatStore.setState({ conversation: undefined, messages: [], draft: '', pendingContext: [], queued: false });
  useReaderUi.setState({ state: undefined, failure: undefined, starting: false });
});

// A conversation opened with one message of the user's (an answer would load its speech controls).
const question = { id: 'u1', conversationId: 'c1', role: 'user' as const, content: 'Hi', createdAt: 1, status: 'complete' as const };

const idle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('an empty panel', () => {
  it('fetches the message view and the markdown renderer only once the user starts typing', async () => {
    await mount(<App />);
    await settle(() => document.querySelector('textarea[aria-label="Message"]') !== null);
    await idle();
    expect(fetched).toMatchObject({ messageView: 0, markdown: 0, toolSteps: 0 });

    await act(async () => type(document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]')!, 'H'));
    // The tool steps too: the answer that Enter starts shows them, and would otherwise fetch them as it first renders.
    expect(fetched).toMatchObject({ messageView: 1, markdown: 1, toolSteps: 1 });
  });

  it('does not fetch the reading bar until there is a reading to show', async () => {
    await mount(<App />);
    await idle();
    expect(fetched.readerBar).toBe(0);

    await act(async () => useReaderUi.setState({ state: { status: 'playing', index: 0, total: 3, text: 'One.', rate: 1 } }));
    await settle(() => document.querySelector('section[aria-label="Read aloud"]') !== null);
    expect(fetched.readerBar).toBeGreaterThan(0);
  });

  it('does not load the speech settings until dictation starts', async () => {
    await mount(<App />);
    await idle();
    expect(document.querySelector('button[aria-label="Dictate"]')).not.toBeNull();
    expect(fetched.speechPrefs).toBe(false);
  });

  it('fetches the message view, but not the tool steps, for a conversation it opens', async () => {
    await mount(<App />);
    await idle();
    await act(async () => useChatStore.setState({ messages: [question] }));
    expect(fetched).toMatchObject({ messageView: 1, markdown: 1, toolSteps: 0 });

    await act(async () => useChatStore.setState({ draft: 'More' }));
    expect(fetched).toMatchObject({ messageView: 1, toolSteps: 1 });
  });
});
