import { browser, type Browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { READER_PORT, type BackgroundToPage, type PageToBackground, type ReaderCommand } from '../../lib/messaging/reader-protocol';
import { caretAt, takeContextPoint } from '../../lib/reader/context-point';
import { PageHighlighter } from '../../lib/reader/highlighter';
import type { ControlLabels } from '../../lib/reader/control-labels';
import type { ReadFrom } from '../../lib/reader/menu';
import { readSpokenPage, sentenceAtPoint, sentenceUnderPoint, type SpokenPage } from '../../lib/reader/spoken-page';
import { CONTROL_TAG, mountFloatingControl, type FloatingControl } from './floating-control';

/** Clicks on these keep their own meaning rather than moving the reading. */
const INTERACTIVE =
  'a[href], button, input, select, textarea, label, summary, [contenteditable=""], [contenteditable="true"], [role="button"], [role="link"]';

const withoutHash = (url: string | URL) => String(url).replace(/#.*$/, '');

/** Where "from here" starts: the right-clicked point, else the start of a selection, else the top. */
function startSentence(page: SpokenPage, from: ReadFrom): number {
  if (from !== 'point') return 0;
  const selection = document.getSelection();
  const selected = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : undefined;
  const at = takeContextPoint() ?? (selected && { node: selected.startContainer, offset: selected.startOffset });
  return at ? Math.max(0, sentenceAtPoint(page, at.node, at.offset)) : 0;
}

/**
 * One reading in this frame: the background drives it over `port`; this side
 * finds the text, highlights and offers the floating control. Everything it
 * adds is removed when the port closes, from either end.
 */
function serveReading(port: Browser.runtime.Port, ctx: ContentScriptContext): void {
  let page: SpokenPage | undefined;
  let highlighter: PageHighlighter | undefined;
  let control: FloatingControl | undefined;
  let labels: ControlLabels | undefined;
  let shownIndex = -1;
  let ended = false;
  const send = (message: PageToBackground) => port.postMessage(message);
  const command = (c: ReaderCommand) => send({ type: 'command', command: c });

  const onClick = (event: MouseEvent) => {
    if (!page || event.button !== 0 || event.defaultPrevented) return;
    if (event.composedPath().some((target) => target instanceof Element && target.localName === CONTROL_TAG)) return;
    if (event.target instanceof Element && event.target.closest(INTERACTIVE)) return;
    if (!document.getSelection()?.isCollapsed) return;
    const caret = caretAt(document, event.clientX, event.clientY);
    const index = caret ? sentenceUnderPoint(page, caret.node, caret.offset) : -1;
    if (index >= 0) command({ action: 'jump', index });
  };

  const end = () => {
    if (ended) return;
    ended = true;
    highlighter?.clear();
    control?.remove();
    document.removeEventListener('click', onClick, true);
    port.disconnect();
  };

  port.onDisconnect.addListener(end);
  ctx.onInvalidated(end);
  // A same-document navigation (pushState) shows another page's text; a new document closes the port anyway.
  ctx.addEventListener(window, 'wxt:locationchange', ({ newUrl, oldUrl }) => {
    if (withoutHash(newUrl) !== withoutHash(oldUrl)) end();
  });

  port.onMessage.addListener((raw: unknown) => {
    const message = raw as BackgroundToPage;
    if (ended) return;
    switch (message.type) {
      case 'prepare': {
        labels = message.labels;
        const lang = document.documentElement.lang || navigator.language;
        page = readSpokenPage(document, lang);
        highlighter = new PageHighlighter(page, window);
        document.addEventListener('click', onClick, true);
        send({ type: 'prepared', sentences: page.sentences.map((s) => s.text), start: startSentence(page, message.from), lang });
        break;
      }
      case 'show': {
        control ??= mountFloatingControl(command, labels);
        control.update(message);
        if (message.index !== shownIndex) {
          shownIndex = message.index;
          highlighter?.showSentence(message.index);
        }
        break;
      }
      case 'word':
        if (message.index === shownIndex) highlighter?.showWord(message.index, message.start, message.length);
        break;
      case 'end':
        end();
        break;
    }
  });
}

export default defineContentScript({
  matches: ['<all_urls>'],
  registration: 'runtime',
  // Every page runs this: the page's own message listeners must not hear WXT's start-up notice.
  noScriptStartedPostMessage: true,
  main(ctx) {
    const onConnect = (port: Browser.runtime.Port) => {
      // Only the background drives a reading; a port from anything else (a tab: another content script) is refused.
      if (port.name === READER_PORT && port.sender?.id === browser.runtime.id && !port.sender.tab) serveReading(port, ctx);
    };
    browser.runtime.onConnect.addListener(onConnect);
    ctx.onInvalidated(() => browser.runtime.onConnect.removeListener(onConnect));
  },
});
