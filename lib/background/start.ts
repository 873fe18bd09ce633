import { browser } from 'wxt/browser';
import { pageRequestHandlers, startPageJourneys } from './page-journeys';
import { pluginHandlers, pluginToolRuntime } from './plugins';
import { readAloudHandlers, startReadAloud } from './read-aloud';
import { speechHandlers, startSpeech } from './speech';
import { StreamRegistry, type Watcher } from '../chat/stream-registry';
import { handlePanelMessage, settleOrphans } from '../chat/panel-port';
import { loadTurn } from '../chat/load-turn';
import { keepServiceWorkerAlive } from '../chat/keep-alive';
import { CHAT_PORT, type PanelToBackground } from '../messaging/protocol';
import { isTrustedSender } from '../messaging/senders';
import { serveRequests } from '../messaging/server';
import { syncOllamaOriginRules } from '../transport/ollama-origin';
import {
  detectLocalModels,
  listAllModels,
  localOllamaUrl,
  providerViews,
  removeProvider,
  resolveModel,
  restoreProvider,
  saveProviderWithSecrets,
  testProvider,
} from '../providers/service';
import { effectiveSettings } from '../core/providers';
import { patchMessage } from '../storage/conversations';
import { getPref } from '../storage/prefs';
import { redactVaultSecrets } from '../storage/vault-secrets';
import { listProviders } from '../storage/providers';
import { clearAllData } from '../storage/clear-all';

async function syncOriginRules(): Promise<void> {
  const ollama = (await listProviders()).filter((p) => p.kind === 'ollama').map((p) => effectiveSettings(p).baseUrl ?? '');
  await syncOllamaOriginRules([await localOllamaUrl(), ...ollama]);
}

/** Wires the background's modules to the browser; nothing runs until WXT calls this. */
export function startBackground(): void {
  // Firefox opens its sidebar itself; the build-time check keeps the Chrome call out of its bundle.
  if (!import.meta.env.FIREFOX) chrome.sidePanel?.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => undefined);

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
  const ready = Promise.all([syncOriginRules(), settleOrphans([])]).catch(() => undefined);

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
    'providers.restore': async ({ id }) => {
      const view = await restoreProvider(id);
      await syncOriginRules();
      return view;
    },
    'data.clear': async () => {
      await clearAllData();
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
      // The probed address is a pref, which may have changed since the rules were last set.
      await syncOriginRules();
      return detectLocalModels();
    },
  });

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
      await ready;
      await handlePanelMessage(streams, raw as PanelToBackground, watcher);
    });
  });
}
