import type { Persona, SavedPrompt } from '../../lib/core/prompts';
import { exportConversations } from '../../lib/storage/export';

/** Saves `doc` as a JSON file named `<name>-<date>.json`. */
export function downloadJson(doc: unknown, name: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name}-${new Date().toISOString().slice(0, 10)}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Saves the given conversations (all when `ids` is omitted) as a Parley JSON export; the full export from
 * Settings › Data passes the prompt library and the personas to go with them.
 */
export async function downloadExport(ids?: string[], library?: { prompts: SavedPrompt[]; personas: Persona[] }): Promise<void> {
  const doc = await exportConversations(ids);
  downloadJson(library ? { ...doc, ...library } : doc, 'parley-conversations');
}
