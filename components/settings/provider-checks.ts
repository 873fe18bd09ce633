import { create } from 'zustand';
import type { ProviderCheck } from '../../lib/core/provider-status';

/**
 * The last "Test connection" result per provider, kept outside the form so it
 * outlives the form: the card shows it after the form saves and closes.
 */
interface ProviderChecksState {
  checks: Record<string, ProviderCheck>;
  record(id: string, check: ProviderCheck): void;
  forget(id: string): void;
}

export const useProviderChecks = create<ProviderChecksState>((set) => ({
  checks: {},
  record: (id, check) => set((s) => ({ checks: { ...s.checks, [id]: check } })),
  forget: (id) =>
    set((s) => {
      const { [id]: _gone, ...checks } = s.checks;
      return { checks };
    }),
}));
