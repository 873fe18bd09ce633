import { browser, type Browser } from 'wxt/browser';
import { toChatError, chatError } from '../core/errors';
import { redactResponseErrors } from '../storage/vault-secrets';
import type { RequestEnvelope, RequestMap, RequestName, ResponseEnvelope } from './protocol';

export type RequestHandlers = { [K in RequestName]: (payload: RequestMap[K]['req']) => Promise<RequestMap[K]['res']> };

function isEnvelope(m: unknown): m is RequestEnvelope {
  return typeof m === 'object' && m !== null && (m as { channel?: unknown }).channel === 'parley';
}

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

/** Removes stored secrets from the ChatErrors in a response before it leaves the background. */
export type ResponseRedactor = (response: ResponseEnvelope) => Promise<ResponseEnvelope>;

export async function dispatchRequest(
  handlers: RequestHandlers,
  message: RequestEnvelope,
  redact: ResponseRedactor = async (r) => r,
): Promise<ResponseEnvelope> {
  const handler = handlers[message.name] as ((p: unknown) => Promise<unknown>) | undefined;
  if (!handler) return { ok: false, error: chatError('unsupported', `Unknown request ${String(message.name)}`) };
  try {
    return await redact({ ok: true, value: (await handler(message.payload)) as never });
  } catch (e) {
    return redact({ ok: false, error: toChatError(e) }).catch(() => ({ ok: false, error: chatError(toChatError(e).code, '') }));
  }
}

/** Serves the panel's requests; by default no stored secret leaves in an error (a provider may echo the key). */
export function serveRequests(handlers: RequestHandlers, redact: ResponseRedactor = redactResponseErrors): void {
  const origin = browser.runtime.getURL('/');
  browser.runtime.onMessage.addListener((message: unknown, sender: Browser.runtime.MessageSender) => {
    if (!isEnvelope(message)) return undefined;
    if (!isTrustedSender(sender, origin)) {
      return Promise.resolve({ ok: false, error: chatError('forbidden', 'Not allowed from this context') });
    }
    return dispatchRequest(handlers, message, redact);
  });
}
