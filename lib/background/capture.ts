/**
 * Screenshots of the page for the panel: tabs.captureVisibleTab, then for an
 * area the rectangle the user drew on the region picker overlay, cropped
 * here on an OffscreenCanvas so only the chosen pixels reach the panel.
 */
import { browser } from 'wxt/browser';
import { bytesToBase64 } from '../core/base64';
import type { CaptureRequests, CaptureResult } from '../messaging/capture-protocol';
import { broadcast } from '../messaging/events';
import type { RequestHandlers } from '../messaging/server';
import { cropBox, REGION_PICKER_GLOBAL, type PickedRegion, type RegionPickerApi } from '../page/region';
import { isRestrictedUrl } from '../page/restricted';
import { createMenuItem, menuTitle } from './context-menus';
import { openPanel } from './page-journeys';

const REGION_PICKER_SCRIPT = '/content-scripts/region-picker.js';

async function pickOn(tabId: number): Promise<PickedRegion | null> {
  const target = { tabId, frameIds: [0] };
  await browser.scripting.executeScript({ target, files: [REGION_PICKER_SCRIPT] });
  const [result] = await browser.scripting.executeScript({
    target,
    func: (name: string) => (globalThis as unknown as Record<string, RegionPickerApi | undefined>)[name]?.pick() ?? null,
    args: [REGION_PICKER_GLOBAL],
  });
  return (result?.result as PickedRegion | null | undefined) ?? null;
}

async function cancelPick(windowId: number): Promise<void> {
  const [tab] = await browser.tabs.query({ active: true, windowId });
  if (tab?.id === undefined) return;
  await browser.scripting.executeScript({
    target: { tabId: tab.id, frameIds: [0] },
    func: (name: string) => (globalThis as unknown as Record<string, RegionPickerApi | undefined>)[name]?.cancel(),
    args: [REGION_PICKER_GLOBAL],
  });
}

async function png(blob: Blob): Promise<string> {
  return bytesToBase64(await blob.arrayBuffer());
}

async function crop(screenshot: Blob, region: PickedRegion): Promise<Blob> {
  const bitmap = await createImageBitmap(screenshot);
  try {
    const { sx, sy, sw, sh } = cropBox(region, bitmap.width, bitmap.height);
    const canvas = new OffscreenCanvas(sw, sh);
    canvas.getContext('2d')!.drawImage(bitmap, sx, sy, sw, sh, 0, 0, sw, sh);
    return await canvas.convertToBlob({ type: 'image/png' });
  } finally {
    bitmap.close();
  }
}

/** The browser's way of saying that extensions may not capture or script this page. */
function isRefusal(error: unknown): boolean {
  return /cannot access|cannot be scripted|missing host permission|permission|cannot capture/i.test(
    error instanceof Error ? error.message : String(error),
  );
}

async function captureTab(windowId: number, area: boolean): Promise<CaptureResult> {
  const [tab] = await browser.tabs.query({ active: true, windowId });
  if (tab?.id === undefined || !tab.url || isRestrictedUrl(tab.url)) return { kind: 'restricted' };
  try {
    const region = area ? await pickOn(tab.id) : undefined;
    if (region === null) return { kind: 'cancelled' };
    const shot = await (await fetch(await browser.tabs.captureVisibleTab(windowId, { format: 'png' }))).blob();
    return { kind: 'image', data: await png(region ? await crop(shot, region) : shot) };
  } catch (error) {
    if (isRefusal(error)) return { kind: 'restricted' };
    throw error;
  }
}

const AREA_MENU_ID = 'parley.area';
/** A capture nobody collected within this time is from an abandoned attempt. */
const WAITING_MS = 5 * 60_000;
const waitingKey = (windowId: number) => `parley.capture.${windowId}`;

interface Waiting {
  result: CaptureResult;
  at: number;
}

/** Takes the capture waiting for a window: read and removed in one step, so only one panel gets it. */
let taking: Promise<unknown> = Promise.resolve();
function takeWaiting(windowId: number): Promise<CaptureResult | null> {
  const take = taking.then(async () => {
    const key = waitingKey(windowId);
    const waiting = (await browser.storage.session.get(key))[key] as Waiting | undefined;
    await browser.storage.session.remove(key);
    return waiting && Date.now() - waiting.at < WAITING_MS ? waiting.result : null;
  });
  taking = take.catch(() => undefined);
  return take;
}

/**
 * "Ask about this area": the panel opens (while the click's user gesture
 * lasts), the user drags the area on the page, and the picture waits in
 * session storage for the panel, which may still be opening.
 */
async function captureFromMenu(windowId: number): Promise<void> {
  const result = await captureTab(windowId, true).catch((): CaptureResult => ({ kind: 'restricted' }));
  if (result.kind === 'cancelled') return;
  await browser.storage.session.set({ [waitingKey(windowId)]: { result, at: Date.now() } satisfies Waiting });
  await broadcast({ type: 'capture.ready', windowId });
}

function createAreaMenu(): Promise<void> {
  return createMenuItem({ id: AREA_MENU_ID, title: menuTitle('menuAskAboutArea'), contexts: ['page', 'image', 'link', 'frame', 'video'] });
}

/** Registers the right-click item; called synchronously at worker start so its clicks wake the worker. */
export function startCapture(): void {
  // Created once: menus outlive a browser restart (see startPageJourneys).
  browser.runtime.onInstalled.addListener(() => void createAreaMenu());
  browser.contextMenus.onClicked.addListener((info, tab) => {
    if (info.menuItemId !== AREA_MENU_ID || !tab || tab.windowId < 0) return;
    openPanel(tab.windowId);
    void captureFromMenu(tab.windowId);
  });
}

export const captureRequestHandlers: Pick<RequestHandlers, keyof CaptureRequests> = {
  'capture.tab': ({ windowId, area }) => captureTab(windowId, area),
  'capture.take': ({ windowId }) => takeWaiting(windowId),
  'capture.cancel': ({ windowId }) => cancelPick(windowId),
};
