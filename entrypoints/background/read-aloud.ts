import { ChatFailure, chatError } from '@/lib/core/errors';
import { keepServiceWorkerAlive } from '@/lib/chat/keep-alive';
import { broadcast } from '@/lib/messaging/events';
import { READER_PORT, type PageToBackground, type ReaderRequests } from '@/lib/messaging/reader-protocol';
import type { RequestHandlers } from '@/lib/messaging/server';
import { interfaceControlLabels } from '@/lib/reader/control-labels';
import { ReaderController, type PageLink } from '@/lib/reader/controller';
import { HIGHLIGHT_CSS } from '@/lib/reader/highlighter';
import { READ_ALOUD_MENU_ITEMS, readAloudMenuAction, type ReadTarget } from '@/lib/reader/menu';
import { readerEngine } from './speech';

/** Built from entrypoints/read-aloud.content; injected only when the user asks for reading. */
const CONTENT_SCRIPT = 'content-scripts/read-aloud.js';

async function connectToPage({ tabId, frameId }: ReadTarget): Promise<PageLink> {
  if (!globalThis.chrome?.tts) throw new ChatFailure(chatError('unsupported', 'This browser has no chrome.tts.'));
  const target = { tabId, frameIds: [frameId] };
  try {
    await chrome.scripting.executeScript({ target, files: [CONTENT_SCRIPT] });
  } catch (e) {
    // Browser pages, the web store and other extensions' pages cannot be scripted.
    throw new ChatFailure(chatError('forbidden', `Cannot read this page: ${e instanceof Error ? e.message : String(e)}`));
  }
  await chrome.scripting.insertCSS({ target, css: HIGHLIGHT_CSS }).catch(() => undefined);
  const port = chrome.tabs.connect(tabId, { name: READER_PORT, frameId });
  let open = true;
  port.onDisconnect.addListener(() => {
    open = false;
  });
  return {
    post(message) {
      if (open) port.postMessage(message);
    },
    onMessage(listener) {
      port.onMessage.addListener((message: unknown) => listener(message as PageToBackground));
    },
    onClose(listener) {
      port.onDisconnect.addListener(() => listener());
    },
    close() {
      open = false;
      port.disconnect();
      // Fails harmlessly once the tab has gone or navigated.
      chrome.scripting.removeCSS({ target, css: HIGHLIGHT_CSS }).catch(() => undefined);
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
  const [tab] = await chrome.tabs.query(windowId === undefined ? { active: true, lastFocusedWindow: true } : { active: true, windowId });
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
  // Without chrome.tts (Firefox) there is nothing to read with, so no menu items that could only fail.
  if (!globalThis.chrome?.contextMenus || !globalThis.chrome.tts) return;
  for (const item of READ_ALOUD_MENU_ITEMS) {
    // Menu items outlive the worker: on a restart they already exist, which is fine.
    chrome.contextMenus.create(
      { id: item.id, title: chrome.i18n.getMessage(item.titleKey), contexts: item.contexts },
      () => void chrome.runtime.lastError,
    );
  }
  chrome.contextMenus.onClicked.addListener((info, tab) => {
    const target = readAloudMenuAction(info, tab);
    // Failures reach open panels through the published state.
    if (target) controller.start(target).catch(() => undefined);
  });
}
