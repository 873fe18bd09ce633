/**
 * The ids by which the side panel's page, its build (build/defer-app-scripts.ts) and its early script
 * (early-composer.js, built from early-composer.ts and early-screen.ts) find each other's elements. This module
 * imports nothing: the early script carries all it imports, in the panel's first load.
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

/** The element that shows the last screen's copy until the app has rendered the conversation itself. */
export const EARLY_SCREEN_ID = 'early-screen';
