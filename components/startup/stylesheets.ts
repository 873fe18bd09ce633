/** Longest the app waits for a stylesheet: one whose error passed unseen must not keep the panel from mounting. */
const STYLESHEET_WAIT_MS = 3000;

/**
 * Settles once every stylesheet the page links has loaded. The side panel's page links the app's stylesheets only
 * when the early box starts the app (build/side-panel-page.ts), so they are not render-blocking: the app waits for
 * them before its first render, which would otherwise show unstyled.
 */
export function stylesheetsLoaded(doc: Document = document): Promise<void> {
  const pending = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((link) => !link.sheet);
  const loads = pending.map(
    (link) =>
      new Promise<void>((settle) => {
        link.addEventListener('load', () => settle(), { once: true });
        link.addEventListener('error', () => settle(), { once: true });
      }),
  );
  if (!loads.length) return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((settle) => (timer = setTimeout(settle, STYLESHEET_WAIT_MS)));
  return Promise.race([Promise.all(loads).then(() => undefined), timeout]).finally(() => clearTimeout(timer));
}
