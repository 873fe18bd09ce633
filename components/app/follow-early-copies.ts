import { onStorageChange } from '../../lib/storage/change-feed';
import { getPref, getPrefs, type Prefs } from '../../lib/storage/prefs';
import { rememberConversationHint } from './conversation-hint';
import { rememberLook } from './early-composer';

/**
 * Keeps the copies a page reads before IndexedDB has opened equal to the stored preferences: the early message box's
 * language and theme (early-composer.ts) and the last conversation's id (conversation-hint.ts).
 */
export function followEarlyCopies(stored: Pick<Prefs, 'locale' | 'theme' | 'lastConversationId'>): void {
  rememberLook(stored);
  rememberConversationHint(stored.lastConversationId);
  onStorageChange((change) => {
    if (change.type !== 'prefs') return;
    if (change.id === 'locale' || change.id === 'theme') void getPrefs(['locale', 'theme']).then(rememberLook);
    else if (change.id === 'lastConversationId') void getPref('lastConversationId').then(rememberConversationHint);
  });
}
