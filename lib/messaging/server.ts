import { browser, type Browser } from 'wxt/browser';
import { toChatError, chatError } from '../core/errors';
import { redactResponseErrors } from '../storage/vault-secrets';
import type { RequestEnvelope, RequestMap, RequestName, ResponseEnvelope } from './protocol';
import { isTrustedSender } from './senders';

export type RequestHandlers = { [K in RequestName]: (payload: RequestMap[K]['req']) => Promise<RequestMap[K]['res']> };

function isEnvelope(m: unknown): m is RequestEnvelope {
  return typeof m === 'object' && m !== null && (m as { channel?: unknown }).channel === 'parley';
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
