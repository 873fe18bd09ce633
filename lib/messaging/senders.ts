/**
 * Who may speak to whom. Kept apart from server.ts, which the background alone
 * loads (it reads the vault to redact errors): extension pages need only these checks.
 */
import { browser, type Browser } from 'wxt/browser';

/**
 * Only the extension's own pages may use the privileged protocol; a content
 * script runs inside a web page and must never reach keys or providers.
 */
export function isTrustedSender(sender: Browser.runtime.MessageSender, extensionOrigin: string): boolean {
  if (sender.id !== browser.runtime.id) return false;
  return typeof sender.url === 'string' && sender.url.startsWith(extensionOrigin);
}

/** Where the background runs: Chrome's service worker, or Firefox's background page (generated when the manifest lists scripts). */
function backgroundUrl(): string {
  const background = browser.runtime.getManifest().background as { service_worker?: string; page?: string } | undefined;
  return new URL(background?.service_worker ?? background?.page ?? '_generated_background_page.html', browser.runtime.getURL('/')).href;
}

/**
 * Panel events change what the panel shows and believes, so only the
 * background may send them. Every extension context hears runtime messages,
 * content scripts included: one of those (sender.tab set) or any extension
 * page other than the background is not believed.
 */
export function isBackgroundSender(sender: Browser.runtime.MessageSender): boolean {
  return sender.id === browser.runtime.id && !sender.tab && sender.url === backgroundUrl();
}
