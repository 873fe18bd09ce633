import { defineContentScript } from 'wxt/utils/define-content-script';
import { PAGE_TEXT_GLOBAL, type PageTextApi } from '../lib/page/page-content';
import { extractPage } from '../lib/page/extract-page';
import { selectionOf } from '../lib/page/selection';

/**
 * Injected by the background only when the user asks about a selection or a
 * page, so pages pay nothing otherwise. It only reads: it installs an object
 * the background then calls with arguments, and holds no keys.
 */
export default defineContentScript({
  matches: ['<all_urls>'],
  registration: 'runtime',
  main() {
    const scope = globalThis as unknown as Record<string, PageTextApi | undefined>;
    scope[PAGE_TEXT_GLOBAL] ??= {
      selection: () => selectionOf(document),
      page: (options) => extractPage(document, options),
    };
  },
});
