import type { StoredMessage } from '../../../lib/core/conversation';
import type { ChatChannel } from '../../../lib/messaging/client';
import type { PanelToBackground } from '../../../lib/messaging/protocol';

/**
 * Module factories for `vi.mock` that keep a mounted panel off the background:
 * its chat port posts to `posted` and its requests never answer (the test
 * decides what is loaded), and the page tools find window 1. Used as
 * `vi.mock(path, async (original) => (await import('../support/panel-offline')).offlineMessaging(original))`,
 * since vi.mock runs before the test file's imports.
 */
export async function offlineMessaging(original: () => Promise<object>, posted: PanelToBackground[] = []): Promise<object> {
  const channel: ChatChannel = { post: (message) => void posted.push(message), close: () => undefined };
  return { ...(await original()), connectChat: () => channel, request: () => new Promise(() => undefined) };
}

export async function inWindowOne(original: () => Promise<object>): Promise<object> {
  return { ...(await original()), currentWindowId: () => Promise.resolve(1) };
}

/** `count` messages in conversation `c`, user and assistant in turn, each with its own text. */
export function alternatingMessages(count: number): StoredMessage[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `m${i}`,
    conversationId: 'c',
    role: i % 2 ? 'assistant' : 'user',
    content: `Message number ${i}`,
    createdAt: i,
    status: 'complete',
  }));
}
