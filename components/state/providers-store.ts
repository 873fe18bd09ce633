import { create } from 'zustand';
import type { ModelRef, ProviderKind, ProviderModels, ProviderView } from '../../lib/core/providers';
import type { ChatError, ChatErrorCode } from '../../lib/core/errors';
import { toChatError } from '../../lib/core/errors';
import { request } from '../../lib/messaging/client';
import { sameData } from '../../lib/core/same-data';
import { getPref, setPref, type Prefs } from '../../lib/storage/prefs';

/** What the model picker says about a provider, from the last listing of its models. */
export type ProviderState = 'connected' | 'needs-key' | 'unreachable';

/** Refusals a new or corrected key fixes; anything else that failed the listing means the service could not be used. */
const KEY_CODES: ReadonlySet<ChatErrorCode> = new Set(['credential-missing', 'invalid-credential', 'unauthorized', 'forbidden']);

export function providerState(models: ProviderModels): ProviderState {
  if (!models.error) return 'connected';
  return KEY_CODES.has(models.error.code) ? 'needs-key' : 'unreachable';
}

/** Providers that run on this computer or in the browser need no key and cost nothing, so they come first. */
const LOCAL_KINDS: ReadonlySet<ProviderKind> = new Set(['ollama', 'builtin']);

export interface ModelGroup extends ProviderModels {
  provider: ProviderView;
  state: ProviderState;
}

/** Each provider's models with its state, local ones first, otherwise in the order the providers were added. */
export function modelGroups(providers: readonly ProviderView[], models: readonly ProviderModels[]): ModelGroup[] {
  const groups: ModelGroup[] = [];
  for (const m of models) {
    const provider = providers.find((p) => p.id === m.providerId);
    if (provider) groups.push({ ...m, provider, state: providerState(m) });
  }
  const local = (g: ModelGroup) => (LOCAL_KINDS.has(g.provider.kind) ? 0 : 1);
  return groups.sort((a, b) => local(a) - local(b));
}

const same = (a: ModelRef | undefined, b: ModelRef) => a?.providerId === b.providerId && a.model === b.model;

/**
 * The model a chat starts with: the one in use or last used while it is still offered,
 * else the first provider's recommended model (local providers first), never simply the first in the list.
 */
export function defaultModel(groups: readonly ModelGroup[], last: ModelRef | undefined): ModelRef | undefined {
  for (const g of groups) {
    for (const m of g.models) {
      const ref = { providerId: g.providerId, model: m.id };
      if (same(last, ref)) return ref;
    }
  }
  const first = groups.find((g) => g.models.length);
  if (!first) return undefined;
  const model = first.models.find((m) => m.id === first.recommended) ?? first.models[0]!;
  return { providerId: first.providerId, model: model.id };
}

function listed(providers: ProviderView[], models: ProviderModels[], last: ModelRef | undefined): Partial<ProvidersState> {
  const groups = modelGroups(providers, models);
  return { loaded: true, providers, models, groups, selected: defaultModel(groups, last), error: undefined };
}

/**
 * Keeps the listing for the next panel to show while the worker starts. Most refreshes list what was listed before,
 * and every write tells every storage listener in every context, so an unchanged listing is not written again.
 */
async function keepListing(listing: NonNullable<Prefs['modelListing']>): Promise<void> {
  if (!sameData(await getPref('modelListing'), listing)) await setPref('modelListing', listing);
}

interface ProvidersState {
  loaded: boolean;
  providers: ProviderView[];
  models: ProviderModels[];
  /** Providers with their models and state, in the order the picker shows them. */
  groups: ModelGroup[];
  selected?: ModelRef;
  error?: ChatError;
  refresh(): Promise<void>;
  /**
   * Shows the listing kept from last time (read by the page before its first paint) until the worker answers: a
   * worker stopped by a browser restart takes a while to start and list the models.
   */
  showLast(last: Prefs['modelListing'], saved: ModelRef | undefined): void;
  select(ref: ModelRef): void;
}

export const useProvidersStore = create<ProvidersState>((set, get) => ({
  loaded: false,
  providers: [],
  models: [],
  groups: [],

  async refresh() {
    try {
      const [providers, models, saved] = await Promise.all([
        request('providers.list', {}),
        request('models.list', {}),
        getPref('selectedModel'),
      ]);
      set(listed(providers, models, get().selected ?? saved));
      // Only a head start for the next panel: a listing that could not be kept costs nothing else.
      await keepListing({ providers, models }).catch(() => undefined);
    } catch (e) {
      set({ loaded: true, error: toChatError(e) });
    }
  },

  showLast(last, saved) {
    if (!get().loaded && Array.isArray(last?.providers) && Array.isArray(last.models)) set(listed(last.providers, last.models, saved));
  },

  select(ref) {
    set({ selected: ref });
    void setPref('selectedModel', ref);
  },
}));
