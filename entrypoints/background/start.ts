import { browser } from 'wxt/browser';
import { pageRequestHandlers, startPageJourneys } from './page-journeys';
import { pluginHandlers, pluginToolRuntime } from './plugins';
import { readAloudHandlers, startReadAloud } from './read-aloud';
import { speechHandlers, startSpeech } from './speech';
import { StreamRegistry, type Watcher } from '@/lib/chat/stream-registry';
import { loadTurn } from '@/lib/chat/load-turn';
import { keepServiceWorkerAlive } from '@/lib/chat/keep-alive';
import { CHAT_PORT, type PanelToBackground } from '@/lib/messaging/protocol';
import { isTrustedSender, serveRequests } from '@/lib/messaging/server';
import { syncOllamaOriginRules } from '@/lib/net/ollama-origin';
import {
  DEFAULT_OLLAMA_URL,
  detectLocalModels,
  listAllModels,
  providerViews,
  removeProvider,
  resolveModel,
  saveProviderWithSecrets,
  testProvider,
} from '@/lib/providers/service';
import { effectiveSettings } from '@/lib/core/providers';
import { getMessage, markInterruptedStreams, patchMessage } from '@/lib/storage/conversations';
import { getPref } from '@/lib/storage/prefs';
import { redactVaultSecrets } from '@/lib/storage/vault-secrets';
import { listProviders } from '@/lib/storage/providers';

async function syncOriginRules(): Promise<void> {
  const ollama = (await listProviders()).filter((p) => p.kind === 'ollama').map((p) => effectiveSettings(p).baseUrl ?? '');
  await syncOllamaOriginRules([DEFAULT_OLLAMA_URL, ...ollama]);
}

/** Wires the background's modules to the browser; nothing runs until WXT calls this. */
export function startBackground(): void {
  chrome.sidePanel?.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => undefined);

  const streams = new StreamRegistry({
    loadTurn,
    resolve: resolveModel,
    patchMessage: async (id, patch) => void (await patchMessage(id, patch)),
    keepAlive: keepServiceWorkerAlive,
    tools: pluginToolRuntime,
    idleTimeoutMs: () => getPref('streamIdleTimeoutMs'),
    redact: redactVaultSecrets,
  });

  // Rules and interrupted answers are settled before any request is served; a worker that just started runs no answer yet.
  const ready = Promise.all([syncOriginRules(), markInterruptedStreams([])]).catch(() => undefined);

  startReadAloud();
  startSpeech();
  startPageJourneys();

  serveRequests({
    ...pageRequestHandlers,
    ...pluginHandlers,
    ...readAloudHandlers,
    ...speechHandlers,
    'providers.list': async () => providerViews(),
    'providers.save': async ({ config, secrets }) => {
      const view = await saveProviderWithSecrets(config, secrets);
      await syncOriginRules();
      return view;
    },
    'providers.delete': async ({ id }) => {
      await removeProvider(id);
      await syncOriginRules();
      return null;
    },
    'providers.test': async ({ id }) => {
      await ready;
      return testProvider(id);
    },
    'models.list': async () => {
      await ready;
      return listAllModels();
    },
    'local.detect': async () => {
      await ready;
      return detectLocalModels();
    },
  });

  browser.runtime.onConnect.addListener((port) => {
    if (port.name !== CHAT_PORT || !port.sender || !isTrustedSender(port.sender, browser.runtime.getURL('/'))) return;
    const watcher: Watcher = { send: (m) => port.postMessage(m) };
    port.onDisconnect.addListener(() => streams.detach(watcher));
    port.onMessage.addListener(async (raw: unknown) => {
      const message = raw as PanelToBackground;
      await ready;
      if (message.type === 'start') void streams.start(message.conversationId, message.messageId, watcher);
      else if (message.type === 'stop') streams.stop(message.conversationId);
      else if (message.type === 'watch' && !streams.watch(message.conversationId, watcher)) {
        await settleOrphan(message.conversationId, watcher, streams.activeMessageIds());
      }
    });
  });
}

/** A panel follows an answer nobody is writing any more (the worker restarted): close it off. */
async function settleOrphan(conversationId: string, watcher: Watcher, activeMessageIds: string[]): Promise<void> {
  // Answers still being written for other conversations must stay 'streaming'.
  const ids = await markInterruptedStreams(activeMessageIds);
  for (const id of ids) {
    const m = await getMessage(id);
    if (m?.conversationId === conversationId) {
      watcher.send({ type: 'ended', conversationId, messageId: id, status: m.status, error: m.error });
    }
  }
}
