import { useEffect } from 'react';
import { base64ToBytes } from '../../lib/core/base64';
import type { CaptureResult } from '../../lib/messaging/capture-protocol';
import { request } from '../../lib/messaging/client';
import { onBroadcast } from '../../lib/messaging/events';
import { useAttachments } from './attachments-store';

/** Attaches a captured picture to the composer, or explains there why there is none. */
async function attach(result: CaptureResult | undefined, name: string): Promise<void> {
  const { add, setProblem } = useAttachments.getState();
  if (!result) return setProblem({ kind: 'capture-failed' });
  if (result.kind === 'restricted') return setProblem({ kind: 'capture-restricted' });
  if (result.kind === 'cancelled') return;
  await add([new File([base64ToBytes(result.data)], name, { type: 'image/png' })]);
}

/**
 * Captures the active tab of `windowId` (all of it, or an area the user drags
 * out) and attaches the picture to the composer; a page the browser will not
 * let Parley capture, or a failed capture, is explained there instead.
 */
export async function captureInto(windowId: number, area: boolean): Promise<void> {
  // The overlay is on the page, but the user pressed the button here, so the panel has the focus: Escape here cancels too.
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    void request('capture.cancel', { windowId }).catch(() => undefined);
  };
  if (area) window.addEventListener('keydown', onKey, true);
  try {
    await attach(await request('capture.tab', { windowId, area }).catch(() => undefined), area ? 'area.png' : 'screenshot.png');
  } finally {
    window.removeEventListener('keydown', onKey, true);
  }
}

/** Attaches the area captured from the right-click menu ("Ask about this area") once this window's panel is ready, and whenever one is announced. */
export function useMenuCaptures(windowId: number | undefined): void {
  useEffect(() => {
    if (windowId === undefined) return;
    const take = async () => {
      const result = await request('capture.take', { windowId }).catch(() => null);
      if (result) await attach(result, 'area.png');
    };
    void take();
    return onBroadcast((event) => {
      if (event.type === 'capture.ready' && event.windowId === windowId) void take();
    });
  }, [windowId]);
}
