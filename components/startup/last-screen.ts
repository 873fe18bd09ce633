/**
 * A copy of the conversation's last screen, kept in localStorage so that a panel reopening the conversation can paint
 * it before the app has loaded (early-screen.ts): IndexedDB answers only once it has opened, and the app needs a few
 * hundred milliseconds more to show the messages itself.
 *
 * The copy is the HTML the app rendered for the messages at the end of the log (take-last-screen.ts), taken when the
 * reader is there and no answer is being written. Anything that could leave it out of date forgets it first: an answer
 * starting or a message changing while the reader is scrolled up (use-last-screen.ts), a message or conversation
 * deleted or all data cleared (follow-early-copies.ts, from the storage change feed). A page that finds no copy, or one
 * of another conversation than the one it opens, shows nothing early, as before there was a copy.
 */
export interface LastScreen {
  /** The conversation shown. */
  id: string;
  /** The messages at the end of the log, as the app rendered them. */
  html: string;
  /** The page's style rules that style them, so the copy paints without waiting for the app's stylesheets. */
  css: string;
  /** Where the log sat, in pixels from the top and the bottom of the page. */
  top: number;
  bottom: number;
}

const SCREEN_KEY = 'parley.lastScreen';

/**
 * Longer copies are not kept: a screen holding one huge answer would cost every open more to parse than the app takes
 * to show it, and localStorage is small.
 */
export const MAX_SCREEN_CHARS = 200_000;

export function readLastScreen(): LastScreen | undefined {
  try {
    const screen = JSON.parse(localStorage.getItem(SCREEN_KEY) ?? 'null') as LastScreen | null;
    const kept = screen && typeof screen.id === 'string' && typeof screen.html === 'string' && typeof screen.css === 'string';
    return kept ? screen : undefined;
  } catch {
    return undefined;
  }
}

/** Drops the copy; with `ids`, only when it shows one of those conversations. */
export function forgetLastScreen(ids?: readonly string[]): void {
  try {
    if (!ids || ids.includes(readLastScreen()?.id ?? '')) localStorage.removeItem(SCREEN_KEY);
  } catch {
    // Storage refused: nothing was kept either.
  }
}

/** Keeps `screen` as the copy; a copy storage refuses is forgotten, never left half out of date. */
export function keepLastScreen(screen: LastScreen): void {
  try {
    localStorage.setItem(SCREEN_KEY, JSON.stringify(screen));
  } catch {
    // Storage full or refused: the next panel shows its messages once the app has loaded them.
    forgetLastScreen();
  }
}
