/**
 * The ids by which the side panel's page, its build (build/defer-app-scripts.ts) and its two early scripts
 * (early-composer.ts, early-screen.ts) find each other's elements. This module imports nothing: each early script
 * carries what it imports, and early-screen.js has no use for early-composer.ts's locale tables.
 */

/** The message box that takes typing before the app has loaded (early-composer.ts). */
export const EARLY_COMPOSER_ID = 'early-composer';

/**
 * The inert template into which the build moves the app's module script and its preloads (build/defer-app-scripts.ts).
 * Fetched and compiled while the page was parsed, they held the early box back by about 50 ms on a cold start.
 */
export const APP_SCRIPTS_ID = 'app-scripts';

/**
 * The template holding what shows a conversation's messages (build/conversation-view.ts): connected with the app's
 * scripts when the panel reopens a conversation, it is fetched alongside them, not once the app has run and asked.
 */
export const CONVERSATION_SCRIPTS_ID = 'conversation-scripts';

/** The template holding early-screen.js (components/app/early-screen.ts), connected when a conversation will open. */
export const EARLY_SCREEN_SCRIPT_ID = 'early-screen-script';

/** The element that shows the last screen's copy until the app has rendered the conversation itself. */
export const EARLY_SCREEN_ID = 'early-screen';
