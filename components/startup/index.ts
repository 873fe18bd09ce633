/**
 * What makes the side panel's first frame fast, in one folder, and its entry for the page and the app.
 *
 * - The page (entrypoints/sidepanel/index.html) paints an early message box before any module has loaded, and the
 *   build (build/side-panel-page.ts) moves the app's scripts and stylesheets out of its way; early-composer.ts, built
 *   into early-composer.js, names the box, paints the copy of the last screen (early-screen.ts, last-screen.ts) and
 *   then starts the app. page-ids.ts holds what the page, the build and that script share.
 * - mountSidePanel reads what the first render shows alongside each other (boot.tsx), and the app's first commit
 *   takes over the early box's text (useEarlyInput).
 * - The conversation view is fetched as soon as it is sure to be needed (useMessageViewPreload); the chat log takes
 *   its loaders (message-view-loaders.ts) and the keeper of the last screen's copy (use-last-screen.ts) from their
 *   modules, not from here: this entry loads the message view on demand, which would import it back.
 * - The copies a page reads before IndexedDB has opened follow the stored data through its change feed
 *   (follow-early-copies.ts): no view has to remember to forget them.
 */
export { mountSidePanel } from './boot';
export { useEarlyInput } from './use-early-input';
export { useMessageViewPreload } from './use-message-view-preload';
export { startAfresh } from './start-afresh';
