import { browser, type Browser } from 'wxt/browser';

/** The window this extension page (the side panel) belongs to. */
export async function currentWindowId(): Promise<number | undefined> {
  return (await browser.windows.getCurrent()).id;
}

/**
 * Calls `onChange` whenever the page shown in `windowId` is ready to read
 * after a change: another tab is activated, the active tab finishes loading
 * (which single-page apps' history changes also report) or changes its
 * title (apps often render the new route after the address changed). A tab
 * still loading is left until it completes.
 */
export function followActiveTab(windowId: number, onChange: (tabId: number) => void): () => void {
  const activated = (info: Browser.tabs.OnActivatedInfo) => {
    if (info.windowId !== windowId) return;
    void browser.tabs
      .get(info.tabId)
      .then((tab) => {
        if (tab.status !== 'loading') onChange(info.tabId);
      })
      .catch(() => undefined);
  };
  const updated = (tabId: number, change: Browser.tabs.OnUpdatedInfo, tab: Browser.tabs.Tab) => {
    if (tab.windowId !== windowId || !tab.active || tab.status === 'loading') return;
    if (change.status === 'complete' || change.title !== undefined) onChange(tabId);
  };
  browser.tabs.onActivated.addListener(activated);
  browser.tabs.onUpdated.addListener(updated);
  return () => {
    browser.tabs.onActivated.removeListener(activated);
    browser.tabs.onUpdated.removeListener(updated);
  };
}
