/**
 * Screenshots of the page for the panel: tabs.captureVisibleTab, then for an
 * area the rectangle the user drew on the region picker overlay, cropped
 * here on an OffscreenCanvas so only the chosen pixels reach the panel.
 */
import { browser } from 'wxt/browser';
import { bytesToBase64 } from '../core/base64';
import type { CaptureRequests, CaptureResult } from '../messaging/capture-protocol';
import type { RequestHandlers } from '../messaging/server';
import { cropBox, REGION_PICKER_GLOBAL, type PickedRegion, type RegionPickerApi } from '../page/region';
import { isRestrictedUrl } from '../page/restricted';

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

export async function captureTab(windowId: number, area: boolean): Promise<CaptureResult> {
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

export const captureRequestHandlers: Pick<RequestHandlers, keyof CaptureRequests> = {
  'capture.tab': ({ windowId, area }) => captureTab(windowId, area),
};
