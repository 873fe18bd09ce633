import { defineContentScript } from 'wxt/utils/define-content-script';
import { READER_GLOBAL, type PageReaderApi } from '@/lib/page/page-content';
import { readPage } from '@/lib/page/read-page';
import { selectionOf } from '@/lib/page/selection';

/**
 * Injected by the background only when the user asks about a selection or a
 * page, so pages pay nothing otherwise. It only reads: it installs an object
 * the background then calls with arguments, and holds no keys.
 */
export default defineContentScript({
  matches: ['<all_urls>'],
  registration: 'runtime',
  main() {
    const scope = globalThis as unknown as Record<string, PageReaderApi | undefined>;
    scope[READER_GLOBAL] ??= {
      selection: () => selectionOf(document),
      page: (options) => readPage(document, options),
    };
  },
});
