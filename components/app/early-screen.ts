import { readConversationHint } from './conversation-hint';
import { APP_SCRIPTS_ID, CONVERSATION_SCRIPTS_ID, EARLY_COMPOSER_ID } from './early-composer';
import { readLastScreen } from './last-screen';
import { stylesheetsLoaded } from './stylesheets';

/** The element that shows the last screen's copy until the app has rendered the conversation itself. */
export const EARLY_SCREEN_ID = 'early-screen';

/**
 * Shows the copy of the last screen (last-screen.ts) while the app loads, when the panel reopens the conversation it
 * shows. early-screen.js runs this: the early box connects it before its first frame, only when a conversation will
 * open (early-composer.ts), so an empty panel never loads it.
 *
 * The copy is a picture, not the conversation: inert and hidden from assistive technology, which meet the messages
 * once the app shows them. It stays hidden until the app's stylesheets have loaded, so it never shows unstyled, and goes
 * when the app takes over from the early box, in the same task as the app's first render of the messages.
 */
export function showEarlyScreen(): void {
  const composer = document.getElementById(EARLY_COMPOSER_ID);
  const screen = readLastScreen();
  if (!composer || !screen || screen.id !== readConversationHint()) return;
  const shell = document.createElement('div');
  shell.id = EARLY_SCREEN_ID;
  shell.className = 'early-screen';
  shell.hidden = true;
  shell.inert = true;
  shell.setAttribute('aria-hidden', 'true');
  shell.style.insetBlock = `${screen.top}px ${screen.bottom}px`;
  // Parsed apart, as inert markup (its scripts, were there any, never run), then moved in.
  shell.append(...new DOMParser().parseFromString(screen.html, 'text/html').body.childNodes);
  composer.before(shell);
  // The app's stylesheets load now, not once its scripts are connected after the first frame: the copy waits for them.
  // Linked by a script, they hold back no frame.
  for (const id of [APP_SCRIPTS_ID, CONVERSATION_SCRIPTS_ID]) {
    const template = document.getElementById(id);
    if (template instanceof HTMLTemplateElement) document.head.append(...template.content.querySelectorAll('link[rel="stylesheet"]'));
  }
  // The app's first render removes the early box (takeEarlyInput); its messages are then in the page.
  const gone = new MutationObserver(() => {
    if (composer.isConnected) return;
    gone.disconnect();
    shell.remove();
  });
  gone.observe(document.body, { childList: true });
  // An app stylesheet that failed to load leaves the copy hidden: the app shows the messages without it anyway.
  void stylesheetsLoaded().then(() => {
    const styled = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet);
    if (!styled || !shell.isConnected) return;
    shell.hidden = false;
    // At its end, as the app opens a conversation: a short one then stays at the top, a long one shows its latest.
    shell.scrollTop = shell.scrollHeight;
  });
}
