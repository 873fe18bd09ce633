import { browser } from 'wxt/browser';
import { keepServiceWorkerAlive } from '../chat/keep-alive';
import { loadTurn } from '../chat/load-turn';
import { handlePanelMessage } from '../chat/panel-port';
import { StreamRegistry, type Watcher } from '../chat/stream-registry';
import type { ConsentGate } from '../core/tool-consent';
import type { ToolRuntime } from '../core/tool-runtime';
import { CHAT_PORT, isPanelToBackground } from '../messaging/protocol';
import { isTrustedSender } from '../messaging/senders';
import { resolveModel } from '../providers/service';
import { patchMessage } from '../storage/conversations';
import { getPref } from '../storage/prefs';
import { redactVaultSecrets } from '../storage/vault-secrets';

/** The registry every answer streams through, checkpointing to IndexedDB. */
export function createStreams(tools: ToolRuntime, consent: ConsentGate): StreamRegistry {
  return new StreamRegistry({
    loadTurn,
    resolve: resolveModel,
    patchMessage: async (id, patch) => void (await patchMessage(id, patch)),
    keepAlive: keepServiceWorkerAlive,
    tools,
    consent,
    idleTimeoutMs: () => getPref('streamIdleTimeoutMs'),
    redact: redactVaultSecrets,
  });
}

/** Answers the panels' chat ports once `ready` settles; a panel going away leaves its answer running and stored. */
export function serveChatPorts(streams: StreamRegistry, ready: Promise<unknown>): void {
  // The browser may be quitting or the worker about to go: store what arrived since the last checkpoint.
  browser.runtime.onSuspend?.addListener(() => void streams.flush());

  browser.runtime.onConnect.addListener((port) => {
    if (port.name !== CHAT_PORT || !port.sender || !isTrustedSender(port.sender, browser.runtime.getURL('/'))) return;
    const watcher: Watcher = { send: (m) => port.postMessage(m) };
    port.onDisconnect.addListener(() => {
      streams.detach(watcher);
      void streams.flush();
    });
    port.onMessage.addListener(async (raw: unknown) => {
      if (!isPanelToBackground(raw)) return;
      await ready;
      await handlePanelMessage(streams, raw, watcher);
    });
  });
}
