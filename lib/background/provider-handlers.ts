import { effectiveSettings } from '../core/providers';
import type { RequestHandlers } from '../messaging/server';
import {
  detectLocalModels,
  listAllModels,
  localOllamaUrl,
  providerViews,
  removeProvider,
  restoreProvider,
  saveProviderWithSecrets,
  testProvider,
} from '../providers/service';
import { clearAllData } from '../storage/clear-all';
import { listProviders } from '../storage/provider-records';
import { checkStoredRecordsOnce } from '../storage/stored-records-check';
import { syncOllamaOriginRules } from '../transport/ollama-origin';

type ProviderRequest =
  | 'providers.list'
  | 'providers.save'
  | 'providers.delete'
  | 'providers.restore'
  | 'data.clear'
  | 'data.checkRecords'
  | 'providers.test'
  | 'models.list'
  | 'local.detect';

/** Ollama refuses an extension's Origin; a session rule per Ollama address (and the probed local one) drops it. */
export async function syncOriginRules(): Promise<void> {
  const ollama = (await listProviders()).filter((p) => p.kind === 'ollama').map((p) => effectiveSettings(p).baseUrl ?? '');
  await syncOllamaOriginRules([await localOllamaUrl(), ...ollama]);
}

/**
 * Requests about providers and models; spread into serveRequests. Every
 * change of providers re-syncs the Origin rules; requests that call a
 * provider wait for `ready`, the worker's first sync.
 */
export function providerHandlers(ready: Promise<unknown>): Pick<RequestHandlers, ProviderRequest> {
  return {
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
    // In the worker, which reads providers anyway: the check knows every provider kind, which the panel's first load
    // would otherwise carry.
    'data.checkRecords': () => checkStoredRecordsOnce(),
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
  };
}
