import { browser, type Browser } from 'wxt/browser';

/**
 * The background's one way to add a context-menu item. Items outlive the
 * worker, so on a restart the item may already exist: that error is read
 * (Chrome logs unread ones) and the item left as it is.
 */
export function createMenuItem(properties: Browser.contextMenus.CreateProperties): Promise<void> {
  return new Promise((done) => {
    browser.contextMenus.create(properties, () => {
      void browser.runtime.lastError;
      done();
    });
  });
}

/** A menu title in the browser's language, from public/_locales: menus are drawn by the browser, not by Parley. */
export function menuTitle(key: string): string {
  return browser.i18n.getMessage(key as Parameters<typeof browser.i18n.getMessage>[0]);
}
