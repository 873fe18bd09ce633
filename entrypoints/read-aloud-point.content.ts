import { defineContentScript } from 'wxt/utils/define-content-script';
import { recordContextPoint } from '../lib/reader/context-point';

/**
 * Remembers where the context menu was opened, for "Read aloud from here".
 * Kept to one listener so every page pays next to nothing; the reader itself
 * is injected only when the user asks for it.
 */
export default defineContentScript({
  matches: ['<all_urls>'],
  allFrames: true,
  runAt: 'document_idle',
  // Every page runs this: the page's own message listeners must not hear WXT's start-up notice.
  noScriptStartedPostMessage: true,
  main(ctx) {
    ctx.addEventListener(document, 'contextmenu', (event) => recordContextPoint(event as MouseEvent), { capture: true, passive: true });
  },
});
