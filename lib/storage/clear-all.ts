/**
 * "Clear all data" in Settings: every conversation, provider, key, plugin and
 * preference goes. The vault's key and the message counter stay: neither
 * holds anything of the user's, and keeping them spares a re-creation race
 * with contexts that are still open.
 */
import { notifyChange, type StorageChange } from './change-feed';
import { getDb } from './db';

const CLEARED = ['conversations', 'messages', 'images', 'providers', 'prefs', 'vault', 'plugins', 'quarantine'] as const;

export async function clearAllData(): Promise<void> {
  const db = await getDb();
  const tx = db.transaction(CLEARED, 'readwrite');
  const [conversations, providers, prefs, owners] = await Promise.all([
    tx.objectStore('conversations').getAllKeys(),
    tx.objectStore('providers').getAllKeys(),
    tx.objectStore('prefs').getAllKeys(),
    tx.objectStore('vault').getAllKeys(),
  ]);
  await Promise.all(CLEARED.map((name) => tx.objectStore(name).clear()));
  await tx.done;
  const changes: StorageChange[] = [
    ...conversations.map((id) => ({ type: 'conversation' as const, id })),
    ...providers.map((id) => ({ type: 'providers' as const, id })),
    ...prefs.map((id) => ({ type: 'prefs' as const, id: String(id) })),
    ...owners.map((id) => ({ type: 'secrets' as const, id })),
  ];
  notifyChange(...changes);
}
