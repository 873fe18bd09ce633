import { browser, type Browser } from 'wxt/browser';
import { broadcast } from '../messaging/events';
import type { PageRequests } from '../messaging/page-protocol';
import type { RequestHandlers } from '../messaging/server';
import { HandOffBox, type HandOff, type SessionArea } from '../page/hand-off';
import { MENU_PREFS, MENU_ROOT_IDS, intentOfMenuItem, isSelectionMenuItem, menuItems, type AskIntent } from '../page/menu-model';
import { PAGE_TEXT_GLOBAL, type PageReadResult, type PageTextApi, type SelectionSnapshot } from '../page/page-content';
import { isRestrictedUrl, looksLikePdf } from '../page/restricted';
import { pickSelection } from '../page/selection';
import { captionTracksOf, playerCaptionsInPage, youTubeVideoId } from '../page/youtube';
import type { SavedPrompt } from '../core/prompts';
import { starterPrompts } from '../prompts/bundled-starters';
import { loadPrompts } from '../prompts/library';
import { matchLocale } from '../i18n/languages';
import { onStorageChange } from '../storage/change-feed';
import { getPref } from '../storage/prefs';
import { createMenuItem, menuTitle } from './context-menus';

/** The manifest `commands` entry for the keyboard shortcut. */
const ASK_SELECTION_COMMAND = 'ask-selection';
const PAGE_TEXT_SCRIPT = '/content-scripts/page-text.js';

type Target = { tabId: number; frameIds: number[] } | { tabId: number; allFrames: true };

const session: SessionArea = {
  get: (key) => browser.storage.session.get(key),
  set: (items) => browser.storage.session.set(items),
  remove: (key) => browser.storage.session.remove(key),
};
const handOffs = new HandOffBox(session);

/**
 * Opens the panel of a window. The browser allows this only while the
 * click's or shortcut's user gesture lasts, so it is called before any await.
 */
export function openPanel(windowId: number): void {
  const firefox = (globalThis as { browser?: { sidebarAction?: { open(): Promise<void> } } }).browser?.sidebarAction;
  try {
    // The build-time check drops the Chrome call from the Firefox bundle, where `web-ext lint` flags it.
    const opening = !import.meta.env.FIREFOX && chrome.sidePanel?.open ? chrome.sidePanel.open({ windowId }) : firefox?.open();
    opening?.catch(() => undefined);
  } catch {
    // Without a gesture (a synthetic event) the panel stays as it is; the hand-off still waits for it.
  }
}

/**
 * The prompt library as the panel shows it: until the user changes it, its starter set is in the interface
 * language, chosen the way the panel chooses it.
 */
async function menuPrompts(): Promise<SavedPrompt[]> {
  return loadPrompts(starterPrompts((await getPref('locale')) ?? matchLocale(globalThis.navigator?.language)));
}

let menus: Promise<void> = Promise.resolve();
/** The items this worker last built, as JSON: one change reaches the worker from each open panel and its own feed. */
let built: string | undefined;

/**
 * Rebuilds the selection menu unless it already shows these items, or always (`force`: on install and update, when the
 * browser may have dropped it); rebuilds run one after another so their item ids never collide.
 */
function rebuildMenus(force = false): Promise<void> {
  menus = menus
    .then(async () => {
      const items = menuItems(await menuPrompts(), menuTitle);
      const signature = JSON.stringify(items);
      if (!force && signature === built) return;
      built = undefined;
      // Only this menu's items: other features keep theirs. Removing a parent removes its children.
      for (const id of MENU_ROOT_IDS) await browser.contextMenus.remove(id).catch(() => undefined);
      for (const item of items) await createMenuItem({ ...item, type: 'normal', contexts: ['selection'] });
      built = signature;
    })
    .catch(() => undefined);
  return menus;
}

async function inject(target: Target): Promise<void> {
  await browser.scripting.executeScript({ target, files: [PAGE_TEXT_SCRIPT] });
}

/** Selections of the target frames, each with its frame id; frames the reader could not enter are left out. */
export async function readSelections(target: Target): Promise<{ frameId: number; snapshot: SelectionSnapshot }[]> {
  await inject(target);
  const results = await browser.scripting.executeScript({
    target,
    func: (name: string) => (globalThis as unknown as Record<string, PageTextApi | undefined>)[name]?.selection() ?? null,
    args: [PAGE_TEXT_GLOBAL],
  });
  return results.flatMap((r) => (r.result ? [{ frameId: r.frameId, snapshot: r.result }] : []));
}

function handOffBase(windowId: number, intent: AskIntent): Omit<HandOff, 'selection' | 'problem'> {
  return { id: crypto.randomUUID(), windowId, createdAt: Date.now(), intent };
}

/** The selection with the page it came from: the tab's, which is what the user sees even when the text sat in a frame. */
function selectionOn(tab: Browser.tabs.Tab, text: string): NonNullable<HandOff['selection']> {
  return { text, ...(tab.title ? { title: tab.title } : {}), ...(tab.url ? { url: tab.url } : {}) };
}

/** A menu click names its frame; the menu's own copy of the text is the fallback where frames refuse scripts (PDFs). */
async function handOffFromMenu(
  info: Browser.contextMenus.OnClickData,
  tab: Browser.tabs.Tab,
  windowId: number,
): Promise<HandOff | undefined> {
  const intent = intentOfMenuItem(info.menuItemId, await menuPrompts());
  if (!intent) return undefined;
  const base = handOffBase(windowId, intent);
  let text = '';
  if (tab.id !== undefined && tab.id >= 0) {
    const frames = await readSelections({ tabId: tab.id, frameIds: [info.frameId ?? 0] }).catch(() => []);
    text = frames[0]?.snapshot.text ?? '';
  }
  text ||= info.selectionText?.trim() ?? '';
  if (!text) return { ...base, problem: isRestrictedUrl(tab.url) ? 'restricted' : 'no-selection' };
  return { ...base, selection: selectionOn(tab, text) };
}

/** The shortcut (and the panel) does not say which frame holds the selection, so every frame is asked. */
async function handOffFromShortcut(tab: Browser.tabs.Tab, windowId: number, intent: AskIntent = { kind: 'ask' }): Promise<HandOff> {
  const base = handOffBase(windowId, intent);
  if (tab.id === undefined || isRestrictedUrl(tab.url)) return { ...base, problem: 'restricted' };
  let frames;
  try {
    frames = await readSelections({ tabId: tab.id, allFrames: true });
  } catch (error) {
    return { ...base, problem: isAccessRefusal(error) ? 'restricted' : 'no-selection' };
  }
  const snapshot = pickSelection(frames);
  if (!snapshot) return { ...base, problem: 'no-selection' };
  return { ...base, selection: selectionOn(tab, snapshot.text) };
}

function handOff(windowId: number, pending: Promise<HandOff | undefined>): void {
  void handOffs
    .deliver(windowId, pending)
    .then(() => broadcast({ type: 'page.handoff', windowId }))
    .catch(() => undefined);
}

/** Captions live in the page's own script world, out of the reader's reach. */
async function youTubeCaptions(tabId: number, url: string) {
  const videoId = youTubeVideoId(url);
  if (!videoId) return undefined;
  const [result] = await browser.scripting.executeScript({ target: { tabId }, world: 'MAIN', func: playerCaptionsInPage });
  return captionTracksOf(result?.result, videoId);
}

/** The browser's way of saying that extensions may not script this page (a file:// page without file access, say). */
function isAccessRefusal(error: unknown): boolean {
  return /cannot access|cannot be scripted|missing host permission/i.test(error instanceof Error ? error.message : String(error));
}

async function readActiveTab(windowId: number, languages: string[]): Promise<PageReadResult> {
  const [tab] = await browser.tabs.query({ active: true, windowId });
  const url = tab?.url;
  if (tab?.id === undefined || !url || isRestrictedUrl(url)) return { kind: 'restricted', ...(url ? { url } : {}) };
  const target = { tabId: tab.id, frameIds: [0] };
  try {
    const captions = await youTubeCaptions(tab.id, url).catch(() => undefined);
    await inject(target);
    const [result] = await browser.scripting.executeScript({
      target,
      func: (name: string, options: Parameters<PageTextApi['page']>[0]) =>
        (globalThis as unknown as Record<string, PageTextApi | undefined>)[name]?.page(options) ?? null,
      args: [PAGE_TEXT_GLOBAL, { languages, ...(captions?.length ? { captions } : {}) }],
    });
    return result?.result ?? { kind: 'empty', title: tab.title ?? '', url };
  } catch (error) {
    if (looksLikePdf(url)) return { kind: 'pdf', title: tab.title ?? '', url };
    if (isAccessRefusal(error)) return { kind: 'restricted', url };
    // Anything else (the page navigated away mid-read, the tab closed) is worth another try.
    throw error;
  }
}

/** Requests the panel makes for the page journeys; spread into serveRequests. */
export const pageRequestHandlers: Pick<RequestHandlers, keyof PageRequests> = {
  'page.takeHandOff': async ({ windowId }) => (await handOffs.take(windowId)) ?? null,
  'page.read': ({ windowId, languages }) => readActiveTab(windowId, languages),
  'page.selection': async ({ windowId, intent }) => {
    const [tab] = await browser.tabs.query({ active: true, windowId });
    return tab ? handOffFromShortcut(tab, windowId, intent) : { ...handOffBase(windowId, intent), problem: 'no-selection' };
  },
  'page.refreshMenus': async () => {
    await rebuildMenus();
    return null;
  },
};

/** Registers the menu, shortcut and storage listeners; called synchronously at worker start so events wake it. */
export function startPageJourneys(): void {
  // Menus outlive a browser restart, so no onStartup rebuild: that listener woke the worker at every browser start, and
  // its start cost the first panel of the session about 70 ms on a two-core machine. A change made in a panel while the
  // worker sleeps, and so missed below, reaches it as page.refreshMenus (components/page/use-menu-refresh.ts).
  browser.runtime.onInstalled.addListener(() => void rebuildMenus(true));
  onStorageChange((change) => {
    if (change.type === 'prefs' && MENU_PREFS.includes(change.id)) void rebuildMenus();
  });

  browser.contextMenus.onClicked.addListener((info, tab) => {
    if (!isSelectionMenuItem(info.menuItemId) || !tab || tab.windowId < 0) return;
    openPanel(tab.windowId);
    handOff(tab.windowId, handOffFromMenu(info, tab, tab.windowId));
  });

  browser.commands.onCommand.addListener((command, tab) => {
    if (command !== ASK_SELECTION_COMMAND || !tab || tab.windowId < 0) return;
    openPanel(tab.windowId);
    handOff(tab.windowId, handOffFromShortcut(tab, tab.windowId));
  });
}
