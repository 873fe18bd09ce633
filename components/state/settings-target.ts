import { create } from 'zustand';

/**
 * Where Settings should open: a provider whose key was refused, so the user lands on it.
 * The chat and the model picker set it; Settings reads it and clears it once shown.
 */
interface SettingsTarget {
  providerId?: string;
  setTarget(providerId: string | undefined): void;
}

export const useSettingsTarget = create<SettingsTarget>((set) => ({
  setTarget: (providerId) => set({ providerId }),
}));
