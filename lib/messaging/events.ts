import { browser } from 'wxt/browser';
import type { BroadcastEnvelope, BroadcastEvent } from './protocol';

/** Tells every open extension page; nobody listening is normal (the panel may be closed). */
export async function broadcast(event: BroadcastEvent): Promise<void> {
  const envelope: BroadcastEnvelope = { channel: 'parley.event', event };
  await browser.runtime.sendMessage(envelope).catch(() => undefined);
}

export function onBroadcast(listener: (event: BroadcastEvent) => void): () => void {
  const handler = (message: unknown) => {
    const m = message as Partial<BroadcastEnvelope> | null;
    if (m?.channel === 'parley.event' && m.event) listener(m.event);
    return undefined;
  };
  browser.runtime.onMessage.addListener(handler);
  return () => browser.runtime.onMessage.removeListener(handler);
}
