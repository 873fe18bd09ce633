/**
 * Tells every extension context (side panel, background, options page) that
 * stored data changed, so each can re-read what it shows. Notifications carry
 * ids only, never content: listeners read the database themselves.
 */

const CHANNEL_NAME = 'parley-storage';

export type StorageChange =
  | { type: 'conversation'; id: string }
  | { type: 'message'; id: string; conversationId: string }
  | { type: 'providers'; id: string }
  | { type: 'prefs'; id: string }
  /** `id` is the owner (provider or plugin) whose secrets changed. */
  | { type: 'secrets'; id: string };

export type StorageChangeListener = (change: StorageChange) => void;

// A BroadcastChannel never receives its own posts, so posting and listening
// use separate instances: listeners in the writing context hear the change too.
let sender: BroadcastChannel | undefined;

export function notifyChange(...changes: StorageChange[]): void {
  sender ??= new BroadcastChannel(CHANNEL_NAME);
  for (const change of changes) sender.postMessage(change);
}

export function onStorageChange(listener: StorageChangeListener): () => void {
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<StorageChange>) => listener(event.data);
  return () => channel.close();
}
