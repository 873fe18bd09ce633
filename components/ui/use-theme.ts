import { useSyncExternalStore } from 'react';
import { onStorageChange } from '../../lib/storage/change-feed';
import { getPref, setPref, type Prefs } from '../../lib/storage/prefs';

export type Theme = Prefs['theme'];

let current: Theme;
const listeners = new Set<() => void>();

function apply(theme: Theme): void {
  current = theme;
  if (theme) document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
  listeners.forEach((l) => l());
}

/** Applies the stored theme, and follows changes made in another panel. Called once, before the first render. */
export function startTheme(stored: Theme): void {
  apply(stored);
  onStorageChange((change) => {
    if (change.type === 'prefs' && change.id === 'theme') void getPref('theme').then(apply);
  });
}

/** Stores the user's theme (undefined follows the system) and applies it at once. */
export async function setTheme(theme: Theme): Promise<void> {
  apply(theme);
  await setPref('theme', theme);
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
