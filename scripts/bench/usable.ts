import type { Page } from 'playwright-core';
import type { ExtensionHarness } from '../../tests/e2e/support/extension';
import type { QuietBrowser } from './quiet-browser';

/** When the panel became usable, in ms from navigation start. */
export interface OpenFigures {
  /** Message box laid out, enabled and focused: a message typed now is taken (queued until a model is ready). */
  inputReadyMs: number;
  /** The frame that first paints that box (requestAnimationFrame after it was ready): only now can it be seen. */
  inputShownMs: number;
  /** The same for the app's own box, which takes over from the early one that sidepanel.html carries. */
  appInputReadyMs: number;
  /** The same, and a model is selected in the picker. */
  modelReadyMs: number;
}

/** The picker's text while no model is selected (en-US). */
const NO_MODEL = 'No models yet';

/** What the watcher has noted so far, on the page's window. */
type Watched = Partial<OpenFigures>;

/**
 * Init script: notes the first moment each condition holds, checked on every DOM change and every frame until the
 * last one timed holds (a page with no model picker is timed to input ready only).
 */
function watchUsable({ noModel, untilModel }: { noModel: string; untilModel: boolean }) {
  const w = window as unknown as Watched;
  const check = (inFrame = false) => {
    const box = document.activeElement;
    const input = box instanceof HTMLTextAreaElement && box.hasAttribute('aria-label') && !box.disabled && box.getClientRects().length > 0;
    const app = input && !box.closest('#early-composer');
    const picker = document.querySelector<HTMLButtonElement>('button.model-picker');
    const value = picker?.querySelector('.model-picker-value')?.textContent?.trim();
    const model = !!picker && !picker.disabled && !!value && value !== noModel;
    const now = performance.now();
    if (input && w.inputReadyMs === undefined) {
      w.inputReadyMs = now;
      // Checked in a frame's callback, the box is painted by that frame; otherwise by the next one.
      if (inFrame) w.inputShownMs = now;
      else requestAnimationFrame(() => (w.inputShownMs ??= performance.now()));
    }
    if (app && w.appInputReadyMs === undefined) w.appInputReadyMs = now;
    if (app && model && w.modelReadyMs === undefined) w.modelReadyMs = now;
    if ((untilModel ? w.modelReadyMs : w.inputShownMs) === undefined) requestAnimationFrame(frame);
  };
  const frame = () => check(true);
  new MutationObserver(() => check()).observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  document.addEventListener('focusin', () => check());
  requestAnimationFrame(frame);
}

/** Opens the side panel page in `page`, watching it, and waits until a model is selected. */
export async function openUntilModelReady(harness: ExtensionHarness, page: Page): Promise<void> {
  await page.addInitScript(watchUsable, { noModel: NO_MODEL, untilModel: true });
  await page.goto(harness.extensionUrl('sidepanel.html'));
  await page.waitForFunction(() => (window as unknown as Watched).modelReadyMs !== undefined, undefined, { timeout: 30_000 });
}

/**
 * Opens `path` in a new tab of a browser with no debugger attached to it, watched until a model is selected (or, not
 * `untilModel`, until its message box has been painted), and closes it.
 */
async function watchedOpen(browser: QuietBrowser, path: string, untilModel: boolean): Promise<Watched> {
  const tab = await browser.open(browser.extensionUrl(path), { fn: watchUsable, arg: { noModel: NO_MODEL, untilModel } });
  try {
    await tab.waitFor(
      untilModel
        ? () => (window as unknown as Watched).modelReadyMs !== undefined
        : () => (window as unknown as Watched).inputShownMs !== undefined,
    );
    return await tab.evaluate(() => {
      const { inputReadyMs, inputShownMs, appInputReadyMs, modelReadyMs } = window as unknown as Watched;
      return { inputReadyMs, inputShownMs, appInputReadyMs, modelReadyMs };
    });
  } finally {
    await tab.close();
  }
}

/** Opens the panel in a new tab of a browser with no debugger attached to it, and times it until a model is selected. */
export async function timeOpen(browser: QuietBrowser): Promise<OpenFigures> {
  // A model is selected only once the app's box has taken focus, which the early box had before it.
  return (await watchedOpen(browser, 'sidepanel.html', true)) as OpenFigures;
}

/** The figures a page with nothing but a message box has. */
export type InputFigures = Pick<OpenFigures, 'inputReadyMs' | 'inputShownMs'>;

/** Opens the extension page `path` as timeOpen opens the panel, and times it until its message box is painted. */
export async function timeInputReady(browser: QuietBrowser, path: string): Promise<InputFigures> {
  const { inputReadyMs, inputShownMs } = (await watchedOpen(browser, path, false)) as OpenFigures;
  return { inputReadyMs, inputShownMs };
}
