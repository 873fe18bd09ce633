/**
 * The names by which the side panel's page, its build (build/side-panel-page.ts) and its early script
 * (early-composer.js, built from early-composer.ts and early-screen.ts) find each other's elements and files. This
 * module imports nothing: the early script carries all it imports, in the panel's first load, and the build reads it
 * without the app.
 */

/** The file the page loads as a classic script: it runs while the page is parsed, before any module. */
export const EARLY_COMPOSER_FILE = 'early-composer.js';

/**
 * The modules the panel loads on demand to show a conversation's messages (preloadMessageView in
 * message-view-loaders.ts), by their source path: the build fetches their chunks with the app's scripts when the panel
 * reopens a conversation.
 */
export const CONVERSATION_VIEW_MODULES = ['components/chat/MessageItem.tsx', 'components/markdown/MarkdownRenderer.tsx'];

/** The message box that takes typing before the app has loaded (early-composer.ts). */
export const EARLY_COMPOSER_ID = 'early-composer';

/**
 * The inert template into which the build moves the app's module script and its preloads (build/side-panel-page.ts).
 * Fetched and compiled while the page was parsed, they held the early box back by about 50 ms on a cold start.
 */
export const APP_SCRIPTS_ID = 'app-scripts';

/**
 * The template holding what shows a conversation's messages (CONVERSATION_VIEW_MODULES): connected with the app's
 * scripts when the panel reopens a conversation, it is fetched alongside them, not once the app has run and asked.
 */
export const CONVERSATION_SCRIPTS_ID = 'conversation-scripts';

/** The element that shows the last screen's copy until the app has rendered the conversation itself. */
export const EARLY_SCREEN_ID = 'early-screen';
