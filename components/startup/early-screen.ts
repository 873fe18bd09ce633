import { readConversationHint } from './conversation-hint';
import { readLastScreen } from './last-screen';
import { APP_SCRIPTS_ID, CONVERSATION_SCRIPTS_ID, EARLY_COMPOSER_ID, EARLY_SCREEN_ID } from './page-ids';

/**
 * Shows the copy of the last screen (last-screen.ts) while the app loads, when the panel reopens the conversation it
 * shows. early-composer.js runs this as soon as it has named the early box, before the page's first frame: fetched as
 * a script of its own once that had run, the copy showed 50–150 ms later on a 2,000-message reopen here.
 *
 * The copy is a picture, not the conversation: inert and hidden from assistive technology, which meet the messages
 * once the app shows them. It carries the style rules it needs, so it paints as soon as this script has run, and goes
 * when the app takes over from the early box, in the same task as the app's first render of the messages.
 */
export function showEarlyScreen(): void {
  const composer = document.getElementById(EARLY_COMPOSER_ID);
  const screen = readLastScreen();
  if (!composer || !screen || screen.id !== readConversationHint()) return;
  const style = document.createElement('style');
  style.textContent = screen.css;
  const shell = document.createElement('div');
  shell.id = EARLY_SCREEN_ID;
  shell.inert = true;
  shell.setAttribute('aria-hidden', 'true');
  // Where the app's log will be; the shell, not the log inside, scrolls the copy.
  Object.assign(shell.style, {
    position: 'fixed',
    insetInline: '0',
    insetBlock: `${screen.top}px ${screen.bottom}px`,
    overflow: 'hidden',
    pointerEvents: 'none',
    background: 'var(--bg)',
  });
  // Parsed apart, as inert markup (its scripts, were there any, never run), then moved in.
  shell.append(...new DOMParser().parseFromString(screen.html, 'text/html').body.childNodes);
  document.head.append(style);
  composer.before(shell);
  // At its end, as the app opens a conversation: a short one then stays at the top, a long one shows its latest.
  shell.scrollTop = shell.scrollHeight;
  // The app's stylesheets load now, not once its scripts are connected after the first frame: the app renders once
  // they are in (stylesheets.ts). Linked by a script, they hold back no frame.
  for (const id of [APP_SCRIPTS_ID, CONVERSATION_SCRIPTS_ID]) {
    const template = document.getElementById(id);
    if (template instanceof HTMLTemplateElement) document.head.append(...template.content.querySelectorAll('link[rel="stylesheet"]'));
  }
  // The app's first render removes the early box (takeEarlyInput); its messages are then in the page, styled by the
  // app's own stylesheets.
  const gone = new MutationObserver(() => {
    if (composer.isConnected) return;
    gone.disconnect();
    shell.remove();
    style.remove();
  });
  gone.observe(document.body, { childList: true });
}
