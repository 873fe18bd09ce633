import { rememberConversationHint } from './conversation-hint';
import { forgetLastScreen } from './last-screen';

/**
 * Reloads the panel as on a first run, after everything stored was cleared. The change feed would forget the copies
 * too, but only once IndexedDB has answered, and the reload comes first: without this the new page would paint the
 * deleted last screen before its boot dropped it.
 */
export function startAfresh(reload: () => void = () => location.reload()): void {
  forgetLastScreen();
  rememberConversationHint(undefined);
  reload();
}
