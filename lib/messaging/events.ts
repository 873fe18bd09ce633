import { browser, type Browser } from 'wxt/browser';
import type { BroadcastEnvelope, BroadcastEvent } from './protocol';
import { isBackgroundSender } from './senders';

/** Tells every open extension page; nobody listening is normal (the panel may be closed). Only the background may call it. */
export async function broadcast(event: BroadcastEvent): Promise<void> {
  const envelope: BroadcastEnvelope = { channel: 'parley.event', event };
  await browser.runtime.sendMessage(envelope).catch(() => undefined);
}

/** Follows the background's events; the same envelope from anyone else (a content script forging reader.state) is ignored. */
export function onBroadcast(listener: (event: BroadcastEvent) => void): () => void {
  const handler = (message: unknown, sender: Browser.runtime.MessageSender) => {
    const m = message as Partial<BroadcastEnvelope> | null;
    if (m?.channel === 'parley.event' && m.event && isBackgroundSender(sender)) listener(m.event);
    return undefined;
  };
  browser.runtime.onMessage.addListener(handler);
  return () => browser.runtime.onMessage.removeListener(handler);
}
