/**
 * The id of the conversation the panel showed last, copied to localStorage: a page reads it at once, where IndexedDB
 * answers only once it has opened, so the panel starts reading that conversation alongside its preferences rather
 * than after them. The preference stays the truth; a copy it disagrees with costs one more read.
 */
const HINT_KEY = 'parley.lastConversation';

export function readConversationHint(): string | undefined {
  try {
    return localStorage.getItem(HINT_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function rememberConversationHint(id: string | undefined): void {
  try {
    if (id) localStorage.setItem(HINT_KEY, id);
    else localStorage.removeItem(HINT_KEY);
  } catch {
    // Storage refused: the next panel reads its preferences first, as it did before there was a copy.
  }
}
