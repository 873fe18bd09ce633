import { deleteDB } from 'idb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '../../../entrypoints/background';
import type { StoredMessage } from '../../../lib/core/conversation';
import { READ_FROM_HERE_MENU_ID, READ_PAGE_MENU_ID } from '../../../lib/reader/menu';
import { EDGE_READ_ALOUD_ORIGIN, EDGE_READ_ALOUD_URL } from '../../../lib/speech/engines/edge-read-aloud';
import { MENU_ROOT_IDS } from '../../../lib/page/menu-model';
import { createConversation, getMessage, putMessage } from '../../../lib/storage/conversations';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { onStorageChange } from '../../../lib/storage/change-feed';
import { savePrompts } from '../../../lib/prompts/library';

const PANEL = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/sidepanel.html') };

/** A browser event the fake leaves unimplemented, with a way for the test to fire it. */
function event<A extends unknown[]>() {
  const listeners: ((...args: A) => unknown)[] = [];
  return {
    addListener: (listener: (...args: A) => unknown) => void listeners.push(listener),
    removeListener: (listener: (...args: A) => unknown) => void listeners.splice(listeners.indexOf(listener), 1),
    hasListener: (listener: (...args: A) => unknown) => listeners.includes(listener),
    fire: (...args: A) => Promise.all(listeners.map((l) => l(...args))),
  };
}

/** The APIs the background calls that fakeBrowser does not implement, as recording doubles. */
function stubBrowser() {
  const created: { id: string; title?: string; parentId?: string; contexts?: string[] }[] = [];
  const clicked = event<[info: { menuItemId: string; frameId?: number; selectionText?: string }, tab?: object]>();
  const scripts: { target: unknown; files?: string[] }[] = [];
  const panelsOpened: number[] = [];
  Object.assign(fakeBrowser.contextMenus, {
    create: vi.fn((properties: { id: string }, done?: () => void) => {
      created.push(properties);
      done?.();
      return properties.id;
    }),
    remove: vi.fn(async () => undefined),
    onClicked: clicked,
  });
  Object.assign(fakeBrowser.commands, { onCommand: event() });
  Object.assign(fakeBrowser.runtime, { onConnect: event() });
  Object.assign(fakeBrowser.i18n, { getMessage: (key: string) => `«${key}»` });
  Object.assign(fakeBrowser.sidePanel, {
    setPanelBehavior: vi.fn(async () => undefined),
    open: vi.fn(async ({ windowId }: { windowId: number }) => void panelsOpened.push(windowId)),
  });
  Object.assign(fakeBrowser.declarativeNetRequest, { getSessionRules: async () => [], updateSessionRules: vi.fn(async () => undefined) });
  // A page that refuses scripts: the menu's own copy of the selection is then what is handed to the panel.
  Object.assign(fakeBrowser.scripting, {
    executeScript: vi.fn(async (injection: { target: unknown; files?: string[] }) => {
      scripts.push(injection);
      throw new Error('Cannot access contents of the page.');
    }),
  });
  return { created, clicked, scripts, panelsOpened };
}

const noReply = () => undefined;

/** A request from the side panel, as serveRequests receives it. */
async function request(name: string, payload: unknown = {}) {
  const answers = await fakeBrowser.runtime.onMessage.trigger({ channel: 'parley', name, payload }, PANEL, noReply);
  return answers.find((a) => a !== undefined);
}

beforeEach(async () => {
  fakeBrowser.reset();
  await closeDb();
  await deleteDB(DB_NAME);
});

describe('background.main()', () => {
  it('serves the panel’s requests once started, and refuses them from a page', async () => {
    stubBrowser();
    background.main();
    expect(await request('providers.list')).toEqual({ ok: true, value: [] });
    expect(await request('reader.state')).toMatchObject({ ok: true, value: { status: 'idle' } });
    const [fromPage] = await fakeBrowser.runtime.onMessage.trigger(
      { channel: 'parley', name: 'providers.list', payload: {} },
      { id: fakeBrowser.runtime.id, url: 'https://example.com/', tab: { id: 1 } as never },
      noReply,
    );
    expect(fromPage).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('closes off an answer a stopped worker left streaming, keeping its text', async () => {
    stubBrowser();
    const c = await createConversation({ model: { providerId: 'p1', model: 'm1' } });
    const answer: StoredMessage = { id: 'a1', conversationId: c.id, role: 'assistant', content: 'Half', createdAt: 2, status: 'streaming' };
    await putMessage(answer);
    background.main();
    await vi.waitFor(async () => expect((await getMessage('a1'))?.status).toBe('incomplete'));
    expect(await getMessage('a1')).toMatchObject({ content: 'Half', error: { code: 'interrupted' } });
  });

  it('adds the read-aloud and selection menus through one menus API, titled from the browser’s locale', async () => {
    const { created } = stubBrowser();
    background.main();
    expect(created.map((c) => c.id)).toEqual([READ_PAGE_MENU_ID, READ_FROM_HERE_MENU_ID]);
    expect(created[0]).toMatchObject({ title: '«menuReadPageAloud»', contexts: ['page', 'selection'] });
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' } as never);
    await vi.waitFor(() => expect(created.map((c) => c.id)).toEqual(expect.arrayContaining([...MENU_ROOT_IDS])));
    expect(created.find((c) => c.id === MENU_ROOT_IDS[0])).toMatchObject({ title: '«menuAsk»', contexts: ['selection'] });
  });

  it('lets the browser start without waking the worker: its menus outlive a restart, and are built on install', () => {
    stubBrowser();
    background.main();
    expect(fakeBrowser.runtime.onStartup.hasListeners()).toBe(false);
    expect(fakeBrowser.runtime.onInstalled.hasListeners()).toBe(true);
  });

  it('builds the quick actions from the prompt library and rebuilds them when the library changes', async () => {
    const { created } = stubBrowser();
    background.main();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' } as never);
    await vi.waitFor(() => expect(created.map((c) => c.title)).toEqual(expect.arrayContaining(['Explain', 'Fix grammar'])));
    const explain = created.find((c) => c.title === 'Explain')!;
    expect(explain).toMatchObject({ parentId: MENU_ROOT_IDS[1], contexts: ['selection'] });

    await savePrompts([{ id: 'haiku', title: 'Haiku & co', text: 'Turn {{selection}} into a haiku.', inMenu: true }]);
    // Each rebuild removes the menu and adds it whole: the last one holds the saved library alone.
    await vi.waitFor(() => expect(created.slice(-3).map((c) => c.title)).toEqual(['«menuAsk»', '«menuQuickActions»', 'Haiku && co']));
  });

  it('rebuilds the selection menu only when what it shows changes, however many ask', async () => {
    const { created } = stubBrowser();
    background.main();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' } as never);
    await vi.waitFor(() => expect(created.map((c) => c.title)).toContain('Explain'));
    const built = created.length;
    // Every open panel asks after each change it hears of; nothing changed here.
    await request('page.refreshMenus');
    await request('page.refreshMenus');
    expect(created).toHaveLength(built);

    // A change the worker hears of itself and is asked about too: built once.
    const heard = new Promise<void>((resolve) => {
      const stop = onStorageChange(() => {
        stop();
        resolve();
      });
    });
    await savePrompts([{ id: 'haiku', title: 'Haiku', text: 'Turn {{selection}} into a haiku.', inMenu: true }]);
    // Every listener on the feed hears a change in the same turn, so the worker has queued its own rebuild by now;
    // rebuilds run one after another, so the request below settles after it.
    await heard;
    await request('page.refreshMenus');
    expect(created.slice(-3).map((c) => c.title)).toEqual(['«menuAsk»', '«menuQuickActions»', 'Haiku']);
    expect(created).toHaveLength(built + 3);
  });

  it('reads a page aloud from its menu item: the reader is injected into the clicked tab’s top frame', async () => {
    const { clicked, scripts } = stubBrowser();
    background.main();
    await clicked.fire({ menuItemId: READ_PAGE_MENU_ID, frameId: 3 }, { id: 7, windowId: 1 });
    await vi.waitFor(() =>
      expect(scripts).toContainEqual({ target: { tabId: 7, frameIds: [0] }, files: ['/content-scripts/read-aloud.js'] }),
    );
    // The refusal reaches the panel as the reader's state.
    await vi.waitFor(async () => expect(await request('reader.state')).toMatchObject({ value: { error: { code: 'forbidden' } } }));
  });

  it('asks the page for its text while the highlight style is still going in, and takes the style out only after', async () => {
    const { clicked } = stubBrowser();
    let styled!: () => void;
    const insertCSS = vi.fn(() => new Promise<void>((resolve) => (styled = resolve)));
    const removeCSS = vi.fn(async () => undefined);
    const posted: { type: string }[] = [];
    const listeners: ((message: unknown) => void)[] = [];
    Object.assign(fakeBrowser.scripting, { executeScript: vi.fn(async () => []), insertCSS, removeCSS });
    Object.assign(fakeBrowser.tabs, {
      connect: vi.fn(() => ({
        postMessage: (message: { type: string }) => {
          posted.push(message);
          // A page without text: the reading ends as soon as it is read.
          const prepared = { type: 'prepared', sentences: [], start: 0, lang: 'en' };
          if (message.type === 'prepare') queueMicrotask(() => listeners.forEach((listener) => listener(prepared)));
        },
        onMessage: { addListener: (listener: (message: unknown) => void) => listeners.push(listener) },
        onDisconnect: { addListener: () => undefined },
        disconnect: () => undefined,
      })),
    });
    background.main();
    await clicked.fire({ menuItemId: READ_PAGE_MENU_ID, frameId: 0 }, { id: 7, windowId: 1 });

    await vi.waitFor(() => expect(posted.map((m) => m.type)).toContain('prepare'));
    expect(insertCSS).toHaveBeenCalledWith({ target: { tabId: 7, frameIds: [0] }, css: expect.any(String) });
    await vi.waitFor(async () => expect(await request('reader.state')).toMatchObject({ value: { error: { code: 'not-found' } } }));
    expect(removeCSS).not.toHaveBeenCalled();
    styled();
    await vi.waitFor(() => expect(removeCSS).toHaveBeenCalledWith({ target: { tabId: 7, frameIds: [0] }, css: expect.any(String) }));
  });

  it('reads pages aloud in a browser without chrome.tts (Firefox): the menu items are there and reading injects the reader', async () => {
    const { created, clicked, scripts } = stubBrowser();
    const tts = fakeBrowser.tts;
    Reflect.deleteProperty(fakeBrowser, 'tts');
    try {
      background.main();
      expect(created.map((c) => c.id)).toEqual([READ_PAGE_MENU_ID, READ_FROM_HERE_MENU_ID]);
      await clicked.fire({ menuItemId: READ_PAGE_MENU_ID, frameId: 0 }, { id: 9, windowId: 1 });
      await vi.waitFor(() =>
        expect(scripts).toContainEqual({ target: { tabId: 9, frameIds: [0] }, files: ['/content-scripts/read-aloud.js'] }),
      );
    } finally {
      Object.assign(fakeBrowser, { tts });
    }
  });

  it('gives Firefox, which has no session rules, Edge’s Origin on its own read-aloud connections, and only on those', async () => {
    stubBrowser();
    const listeners: { listener: (details: object) => { requestHeaders?: { name: string; value?: string }[] }; urls: string[] }[] = [];
    const dnr = fakeBrowser.declarativeNetRequest;
    Reflect.deleteProperty(fakeBrowser, 'declarativeNetRequest');
    Object.assign(fakeBrowser, {
      webRequest: {
        onBeforeSendHeaders: {
          addListener: (listener: (typeof listeners)[number]['listener'], filter: { urls: string[] }) =>
            void listeners.push({ listener, urls: filter.urls }),
          removeListener: vi.fn(),
        },
      },
    });
    try {
      background.main();
      const edge = listeners.find((l) => l.urls.includes('wss://speech.platform.bing.com/*'));
      expect(edge).toBeDefined();
      const handshake = (tabId: number, originUrl: string) => ({
        url: `${EDGE_READ_ALOUD_URL}?TrustedClientToken=t`,
        tabId,
        originUrl,
        requestHeaders: [{ name: 'Origin', value: new URL(originUrl).origin }],
      });
      const ours = handshake(-1, fakeBrowser.runtime.getURL('/_generated_background_page.html'));
      expect(edge!.listener(ours).requestHeaders).toEqual([{ name: 'Origin', value: EDGE_READ_ALOUD_ORIGIN }]);
      expect(edge!.listener(handshake(4, 'https://example.com/page'))).toEqual({});
    } finally {
      Reflect.deleteProperty(fakeBrowser, 'webRequest');
      Object.assign(fakeBrowser, { declarativeNetRequest: dnr });
    }
  });

  it('asks about a selection from its menu item: opens the panel and hands it the text', async () => {
    const { clicked, panelsOpened } = stubBrowser();
    background.main();
    const tab = { id: 4, windowId: 2, url: 'https://example.com/a', title: 'A page' };
    await clicked.fire({ menuItemId: MENU_ROOT_IDS[0], frameId: 0, selectionText: ' Chosen words ' }, tab);
    expect(panelsOpened).toEqual([2]);
    expect(await request('page.takeHandOff', { windowId: 2 })).toMatchObject({
      ok: true,
      value: { windowId: 2, intent: { kind: 'ask' }, selection: { text: 'Chosen words', title: 'A page', url: 'https://example.com/a' } },
    });
  });
});
