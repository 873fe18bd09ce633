import { browser } from 'wxt/browser';
import { ChatFailure, chatError } from '../core/errors';
import {
  CHAT_PORT,
  type BackgroundToPanel,
  type PanelToBackground,
  type RequestEnvelope,
  type RequestMap,
  type RequestName,
  type ResponseEnvelope,
} from './protocol';

/** Calls the background; rejects with a ChatFailure so callers can localise by code. */
export async function request<K extends RequestName>(name: K, payload: RequestMap[K]['req']): Promise<RequestMap[K]['res']> {
  const envelope: RequestEnvelope<K> = { channel: 'parley', name, payload };
  let response: ResponseEnvelope<K> | undefined;
  try {
    response = (await browser.runtime.sendMessage(envelope)) as ResponseEnvelope<K> | undefined;
  } catch (e) {
    throw new ChatFailure(chatError('network', `Background unavailable: ${e instanceof Error ? e.message : String(e)}`));
  }
  if (!response) throw new ChatFailure(chatError('unknown', `No answer to ${name}`));
  if (!response.ok) throw new ChatFailure(response.error);
  return response.value;
}

export interface ChatChannel {
  post(message: PanelToBackground): void;
  close(): void;
}

/** Gives a worker that is still shutting down a moment before the next connection starts a new one. */
const RECONNECT_DELAY_MS = 100;

/**
 * A chat port that reconnects by itself: the worker may be stopped at any time
 * (DevTools, or the browser ending an idle worker), and the panel must not
 * notice beyond re-watching its conversation on a fresh port. A port post
 * also starts a stopped worker, so a Stop pressed meanwhile still arrives.
 */
export function connectChat(onMessage: (m: BackgroundToPanel) => void, onReconnect: () => void): ChatChannel {
  let port: ReturnType<typeof browser.runtime.connect> | undefined;
  let closed = false;
  const open = () => {
    const p = browser.runtime.connect({ name: CHAT_PORT });
    p.onMessage.addListener((m) => onMessage(m as BackgroundToPanel));
    p.onDisconnect.addListener(() => {
      if (port === p) port = undefined;
      if (!closed) setTimeout(() => !closed && onReconnect(), RECONNECT_DELAY_MS);
    });
    port = p;
    return p;
  };
  return {
    post(message) {
      (port ?? open()).postMessage(message);
    },
    close() {
      closed = true;
      port?.disconnect();
    },
  };
}
