import { onStorageChange, type StorageChange } from '../../lib/storage/change-feed';
import { getConversation, getMessage } from '../../lib/storage/conversations';
import { getPref, getPrefs, type Prefs } from '../../lib/storage/prefs';
import { rememberConversationHint } from './conversation-hint';
import { rememberLook } from './early-composer';
import { forgetLastScreen, readLastScreen } from './last-screen';

/**
 * Keeps the copies a page reads before IndexedDB has opened equal to the stored data, through the storage change feed:
 * the early message box's language and theme (early-composer.ts), the last conversation's id (conversation-hint.ts),
 * and the last screen's copy (last-screen.ts), forgotten once its conversation or a message of it is gone, whichever
 * view, context or "Clear all data" removed it: no view has to remember to. Returns how to stop following.
 */
export function followEarlyCopies(stored: Pick<Prefs, 'locale' | 'theme' | 'lastConversationId'>): () => void {
  rememberLook(stored);
  rememberConversationHint(stored.lastConversationId);
  // A copy of another conversation than the one the panel opens is never shown; one of a conversation deleted while
  // no panel listened (or as the panel reloaded after clearing all data) goes here at the latest.
  if (readLastScreen()?.id !== stored.lastConversationId) forgetLastScreen();
  return onStorageChange((change) => {
    if (change.type === 'conversation' || change.type === 'message') void forgetScreenOfRemoved(change);
    if (change.type !== 'prefs') return;
    if (change.id === 'locale' || change.id === 'theme') void getPrefs(['locale', 'theme']).then(rememberLook);
    else if (change.id === 'lastConversationId') void getPref('lastConversationId').then(rememberConversationHint);
  });
}

/**
 * Forgets the last screen's copy when `change` removed its conversation or a message of it. The feed names what
 * changed, not how, so the store says whether it is still there; a change that kept it is the log's to copy again
 * (use-last-screen.ts).
 */
async function forgetScreenOfRemoved(change: Extract<StorageChange, { type: 'conversation' | 'message' }>): Promise<void> {
  const conversationId = change.type === 'message' ? change.conversationId : change.id;
  if (readLastScreen()?.id !== conversationId) return;
  const kept = change.type === 'message' ? await getMessage(change.id) : await getConversation(change.id);
  if (!kept) forgetLastScreen([conversationId]);
}
