import { create } from 'zustand';
import type { ModelRef, ProviderView } from '@/lib/core/providers';
import type { ChatError } from '@/lib/core/errors';
import { toChatError } from '@/lib/core/errors';
import { request } from '@/lib/messaging/client';
import type { ProviderModels } from '@/lib/messaging/protocol';
import { getPref, setPref } from '@/lib/storage/prefs';

interface ProvidersState {
  loaded: boolean;
  providers: ProviderView[];
  models: ProviderModels[];
  selected?: ModelRef;
  error?: ChatError;
  refresh(): Promise<void>;
  select(ref: ModelRef): void;
}

const same = (a: ModelRef | undefined, b: ModelRef) => a?.providerId === b.providerId && a.model === b.model;

export const useProvidersStore = create<ProvidersState>((set, get) => ({
  loaded: false,
  providers: [],
  models: [],

  async refresh() {
    try {
      const [providers, models, saved] = await Promise.all([
        request('providers.list', {}),
        request('models.list', {}),
        getPref('selectedModel'),
      ]);
      const available = models.flatMap((p) => p.models.map((m) => ({ providerId: p.providerId, model: m.id })));
      const current = get().selected ?? saved;
      const selected = available.find((r) => same(current, r)) ?? available[0];
      set({ loaded: true, providers, models, selected, error: undefined });
    } catch (e) {
      set({ loaded: true, error: toChatError(e) });
    }
  },

  select(ref) {
    set({ selected: ref });
    void setPref('selectedModel', ref);
  },
}));
