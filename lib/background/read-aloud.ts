import { browser } from 'wxt/browser';
import { ChatFailure, chatError } from '../core/errors';
import { keepServiceWorkerAlive } from '../chat/keep-alive';
import { broadcast } from '../messaging/events';
import { isPageToBackground, READER_PORT, type ReaderRequests } from '../messaging/reader-protocol';
import type { RequestHandlers } from '../messaging/server';
import { interfaceControlLabels } from '../reader/control-labels';
import { ReaderController, type PageLink } from '../reader/controller';
import { HIGHLIGHT_CSS } from '../reader/highlighter';
import { READ_ALOUD_MENU_ITEMS, readAloudMenuAction, type ReadTarget } from '../reader/menu';
import { createMenuItem, menuTitle } from './context-menus';
import { readerEngine } from './speech-handlers';

/** Built from entrypoints/read-aloud.content; injected only when the user asks for reading. */
const CONTENT_SCRIPT = '/content-scripts/read-aloud.js';

async function connectToPage({ tabId, frameId }: ReadTarget): Promise<PageLink> {
  const target = { tabId, frameIds: [frameId] };
  try {
    await browser.scripting.executeScript({ target, files: [CONTENT_SCRIPT] });
  } catch (e) {
    // Browser pages, the web store and other extensions' pages cannot be scripted.
    throw new ChatFailure(chatError('forbidden', `Cannot read this page: ${e instanceof Error ? e.message : String(e)}`));
  }
  // Not waited for: the highlight is first drawn once the page has been read and the first sentence speaks, and
  // every step before the first audio counts.
  const styled = browser.scripting.insertCSS({ target, css: HIGHLIGHT_CSS }).catch(() => undefined);
  const port = browser.tabs.connect(tabId, { name: READER_PORT, frameId });
  let open = true;
  port.onDisconnect.addListener(() => {
    open = false;
  });
  return {
    post(message) {
      if (open) port.postMessage(message);
    },
    onMessage(listener) {
      port.onMessage.addListener((message: unknown) => {
        if (isPageToBackground(message)) listener(message);
      });
    },
    onClose(listener) {
      port.onDisconnect.addListener(() => listener());
    },
    close() {
      open = false;
      port.disconnect();
      // After the insert, or it would outlive the reading. Fails harmlessly once the tab has gone or navigated.
      void styled.then(() => browser.scripting.removeCSS({ target, css: HIGHLIGHT_CSS }).catch(() => undefined));
    },
  };
}

const controller = new ReaderController({
  connect: connectToPage,
  createEngine: readerEngine,
  // The engine takes the voice, speed and pitch from the speech settings, matched to the page's language.
  voice: '',
  publish: (state) => void broadcast({ type: 'reader.state', state }),
  keepAlive: keepServiceWorkerAlive,
  controlLabels: interfaceControlLabels,
});

async function activeTab(windowId: number | undefined): Promise<number> {
  const [tab] = await browser.tabs.query(windowId === undefined ? { active: true, lastFocusedWindow: true } : { active: true, windowId });
  if (tab?.id === undefined) throw new ChatFailure(chatError('not-found', 'No active tab to read.'));
  return tab.id;
}

export const readAloudHandlers: Pick<RequestHandlers, keyof ReaderRequests> = {
  'reader.state': async () => controller.state(),
  'reader.start': async ({ windowId }) => controller.start({ tabId: await activeTab(windowId), frameId: 0, from: 'start' }),
  'reader.control': async (command) => controller.command(command),
};

/** Adds the read-aloud context-menu items and answers their clicks. */
export function startReadAloud(): void {
  // Every background can read: chrome.tts or speechSynthesis for the browser's voices, and cloud voices played by
  // the offscreen document (Chrome) or the background page itself (Firefox).
  if (!browser.contextMenus) return;
  for (const item of READ_ALOUD_MENU_ITEMS) {
    void createMenuItem({ id: item.id, title: menuTitle(item.titleKey), contexts: item.contexts });
  }
  browser.contextMenus.onClicked.addListener((info, tab) => {
    const target = readAloudMenuAction(info, tab);
    // Failures reach open panels through the published state.
    if (target) controller.start(target).catch(() => undefined);
  });
}
