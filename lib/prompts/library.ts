import type { SavedPrompt } from '../core/prompts';
import { getPref, setPref } from '../storage/prefs';
import { checkLibraryLimit } from './library-limit';

const isPrompt = (value: unknown): value is SavedPrompt => {
  const p = value as Partial<SavedPrompt> | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    typeof p.id === 'string' &&
    typeof p.title === 'string' &&
    typeof p.text === 'string' &&
    typeof p.inMenu === 'boolean'
  );
};

/**
 * The user's prompts, in their order. Until the user first changes the library it is `starters`, the starter set
 * in the interface language (so it follows a change of language), followed by the quick actions an older version
 * let them write. A stored
 * entry of the wrong shape (a bug's, a newer version's) is skipped rather than blanking the library.
 */
export async function loadPrompts(starters: readonly SavedPrompt[]): Promise<SavedPrompt[]> {
  const stored = await getPref('prompts');
  if (Array.isArray(stored)) return stored.filter(isPrompt);
  const legacy = (await getPref('customPrompts'))
    .filter((p) => p.title.trim() && p.prompt.trim())
    .map((p) => ({ id: p.id, title: p.title, text: p.prompt, inMenu: true }));
  return [...starters, ...legacy];
}

/**
 * Stores the whole library; the older quick actions now live in it, so their own record is emptied. Throws
 * LibraryLimitError for more prompts than a library holds, which its export could not bring back.
 */
export async function savePrompts(prompts: readonly SavedPrompt[]): Promise<void> {
  checkLibraryLimit(prompts.length);
  await setPref(
    'prompts',
    prompts.map(({ id, title, text, inMenu }) => ({ id, title, text, inMenu })),
  );
  await setPref('customPrompts', []);
}

/** A copy placed right after its original, titled by `titleOf` (e.g. "Summarize (copy)"). */
export function duplicatePrompt(
  prompts: readonly SavedPrompt[],
  id: string,
  newId: string,
  titleOf: (title: string) => string,
): SavedPrompt[] {
  const at = prompts.findIndex((p) => p.id === id);
  if (at < 0) return [...prompts];
  const original = prompts[at]!;
  return [...prompts.slice(0, at + 1), { ...original, id: newId, title: titleOf(original.title) }, ...prompts.slice(at + 1)];
}

/** The list with prompt `id` moved by `by` places (−1 up, +1 down), clamped to the ends. */
export function movePrompt(prompts: readonly SavedPrompt[], id: string, by: number): SavedPrompt[] {
  const from = prompts.findIndex((p) => p.id === id);
  if (from < 0) return [...prompts];
  const to = Math.max(0, Math.min(prompts.length - 1, from + by));
  const list = [...prompts];
  const [moved] = list.splice(from, 1);
  list.splice(to, 0, moved!);
  return list;
}

/** Prompts whose title contains `query`, ignoring case; all of them for an empty query. */
export function filterPrompts(prompts: readonly SavedPrompt[], query: string): SavedPrompt[] {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return [...prompts];
  return prompts.filter((p) => p.title.toLocaleLowerCase().includes(q));
}
