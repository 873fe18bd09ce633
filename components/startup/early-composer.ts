import { DEFAULT_LOCALE, localeOfLanguage, SUPPORTED_LOCALES } from '../../lib/i18n/languages';
import type { Prefs } from '../../lib/storage/prefs';
import { readConversationHint } from './conversation-hint';
import { showEarlyScreen } from './early-screen';
import { APP_SCRIPTS_ID, CONVERSATION_SCRIPTS_ID, EARLY_COMPOSER_ID } from './page-ids';

/**
 * The message box that takes typing before the app has loaded. sidepanel.html carries it shown, autofocused and named
 * in the default language, so the page's first frame can paint it; a classic script (built by build/side-panel-page.ts)
 * that runs while the page is parsed names it in the user's language and theme. What is typed there, and an Enter,
 * wait until the app's own box takes them (takeEarlyInput): the panel is usable as soon as its HTML is, not once the
 * app has loaded.
 */

/** The message box's accessible name and hint, in one language. */
export interface EarlyStrings {
  label: string;
  placeholder: string;
}

/** The language and theme the panel last showed; IndexedDB, where they are kept, cannot be read before the first paint. */
export type Look = Pick<Prefs, 'locale' | 'theme'>;

const LOOK_KEY = 'parley.look';

export function readLook(): Look {
  try {
    const look = JSON.parse(localStorage.getItem(LOOK_KEY) ?? '{}') as Look;
    return typeof look === 'object' && look ? look : {};
  } catch {
    return {};
  }
}

export function rememberLook(look: Look): void {
  try {
    localStorage.setItem(LOOK_KEY, JSON.stringify({ locale: look.locale, theme: look.theme }));
  } catch {
    // Storage refused: the next early box follows the browser's language and the system theme, as on a first open.
  }
}

/** How long the app waits for the box's first frame before it starts anyway: it must never wait on frames for long. */
const FIRST_FRAME_WAIT_MS = 500;

/**
 * Names the early box, and paints the last screen's copy beside it when a conversation will open (early-screen.ts),
 * then starts the app once the box is painted; the app starts even if the box could not be named or the copy shown.
 */
export function startEarlyComposer(strings: Record<string, EarlyStrings>): void {
  try {
    localiseEarlyBox(strings);
  } finally {
    afterFirstFrame(startApp);
    showEarlyScreen();
  }
}

/**
 * Runs `then` in a task after the page's next frame. Connecting the app's scripts and stylesheets takes 20–200 ms of
 * main thread on a cold start here; done before the first frame, it held back the paint of the box it follows.
 * A hidden page gets no frames, so one hidden before its first frame runs `then` at once.
 */
function afterFirstFrame(then: () => void): void {
  if (document.hidden) return then();
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    then();
  };
  requestAnimationFrame(() => setTimeout(once));
  document.addEventListener('visibilitychange', once);
  setTimeout(once, FIRST_FRAME_WAIT_MS);
}

/** Names the early box in the last language and theme, and focuses it; an Enter there asks for the text to be sent. */
function localiseEarlyBox(strings: Record<string, EarlyStrings>): void {
  const shell = document.getElementById(EARLY_COMPOSER_ID);
  const box = shell?.querySelector('textarea');
  if (!shell || !box) return;
  const look = readLook();
  // Not matchLocale, which also reads a list of languages: every byte of this script is in the panel's first load.
  const locale = look.locale && strings[look.locale] ? look.locale : (localeOfLanguage(navigator.language) ?? DEFAULT_LOCALE);
  const text = strings[locale];
  if (!text) return;
  const root = document.documentElement;
  root.lang = locale;
  root.dir = SUPPORTED_LOCALES.find((l) => l.code === locale)?.dir ?? 'ltr';
  if (look.theme) root.dataset.theme = look.theme;
  box.setAttribute('aria-label', text.label);
  box.placeholder = text.placeholder;
  box.addEventListener('keydown', (e) => {
    // As in the app's box: Shift+Enter is a new line, and an IME composition's Enter confirms its characters.
    if (e.key !== 'Enter' || e.shiftKey || e.isComposing) return;
    e.preventDefault();
    if (box.value.trim()) shell.dataset.send = 'true';
  });
  // autofocus acts only at the page's first rendering step, and is skipped if focus has moved by then: the box takes
  // keys from now on whatever the frames do.
  box.focus();
}

/** Connects the app's scripts, and the conversation view's when a conversation will open, from their templates. */
function startApp(): void {
  connect(APP_SCRIPTS_ID, true);
  connect(CONVERSATION_SCRIPTS_ID, !!readConversationHint());
}

/** A script cloned from a template's contents runs once connected; a template not wanted goes unconnected. */
function connect(id: string, wanted: boolean): void {
  const template = document.getElementById(id);
  if (!(template instanceof HTMLTemplateElement)) return;
  if (wanted) document.head.append(document.importNode(template.content, true));
  template.remove();
}

/** What the early box holds when the app takes over. */
export interface EarlyInput {
  text: string;
  /** Enter was pressed: the text is to be sent (or queued until a model is ready). */
  send: boolean;
  focused: boolean;
}

/** Removes the early box, returning what the user left in it; undefined when there is none (it already went). */
export function takeEarlyInput(): EarlyInput | undefined {
  const shell = document.getElementById(EARLY_COMPOSER_ID);
  if (!shell) return undefined;
  const box = shell.querySelector('textarea');
  const input = { text: box?.value ?? '', send: shell.dataset.send === 'true', focused: !!box && document.activeElement === box };
  shell.remove();
  return input;
}
