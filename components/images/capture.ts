import { base64ToBytes } from '../../lib/core/base64';
import { request } from '../../lib/messaging/client';
import { useAttachments } from './attachments-store';

/**
 * Captures the active tab of `windowId` (all of it, or an area the user drags
 * out) and attaches the picture to the composer; a page the browser will not
 * let Parley capture, or a failed capture, is explained there instead.
 */
export async function captureInto(windowId: number, area: boolean): Promise<void> {
  const { add, setProblem } = useAttachments.getState();
  const result = await request('capture.tab', { windowId, area }).catch(() => undefined);
  if (!result) return setProblem({ kind: 'capture-failed' });
  if (result.kind === 'restricted') return setProblem({ kind: 'capture-restricted' });
  if (result.kind === 'cancelled') return;
  await add([new File([base64ToBytes(result.data)], area ? 'area.png' : 'screenshot.png', { type: 'image/png' })]);
}
