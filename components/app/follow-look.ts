import { onStorageChange } from '../../lib/storage/change-feed';
import { getPrefs } from '../../lib/storage/prefs';
import { rememberLook, type Look } from './early-composer';

/** Keeps the early message box's copy of the language and theme (early-composer.ts) equal to the stored ones. */
export function followLook(stored: Look): void {
  rememberLook(stored);
  onStorageChange((change) => {
    if (change.type === 'prefs' && (change.id === 'locale' || change.id === 'theme')) void getPrefs(['locale', 'theme']).then(rememberLook);
  });
}
