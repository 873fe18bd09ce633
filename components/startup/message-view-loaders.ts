import { preload } from '../common/use-module';
import { preloadMarkdown } from '../markdown/markdown';

/** The message view, its actions and speech: an empty chat never loads them. */
export const loadMessageItem = () => import('../chat/MessageItem');
/** The virtualiser, only for a conversation long enough to need it. */
export const loadVirtualMessages = () => import('../chat/VirtualMessages');

/**
 * Starts fetching what a conversation's first paint needs while its messages
 * are still being read, so the two overlap instead of following each other:
 * the panel calls this as soon as it knows it will open a conversation. It
 * settles once both are in, or one failed (the view then fetches it again).
 */
export function preloadMessageView(): Promise<unknown> {
  return Promise.all([preload(loadMessageItem), preloadMarkdown()]).catch(() => undefined);
}
