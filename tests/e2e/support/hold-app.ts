import type { Page } from 'playwright-core';

/**
 * Init script: the app cannot mount until the test releases it, because its first IndexedDB read (the preferences)
 * completes only then. The early message box in the page's HTML is all there is until that moment.
 */
export function holdAppUntilReleased(): void {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  (window as unknown as { releaseApp: () => void }).releaseApp = release;
  const add = EventTarget.prototype.addEventListener;
  IDBOpenDBRequest.prototype.addEventListener = function (
    this: IDBOpenDBRequest,
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ) {
    if (type !== 'success' || !listener) return add.call(this, type, listener, options);
    const later = (event: Event) =>
      void gate.then(() => (typeof listener === 'function' ? listener.call(this, event) : listener.handleEvent(event)));
    return add.call(this, type, later, options);
  } as typeof IDBOpenDBRequest.prototype.addEventListener;
}

/** Lets the app held by holdAppUntilReleased mount. */
export function releaseApp(page: Page): Promise<void> {
  return page.evaluate(() => (window as unknown as { releaseApp: () => void }).releaseApp());
}
