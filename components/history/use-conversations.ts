import { useEffect, useState } from 'react';
import type { Persona, SavedPrompt } from '../../lib/core/prompts';
import { onStorageChange } from '../../lib/storage/change-feed';
import { removeConversations, restoreConversations } from '../../lib/storage/conversation-removal';
import { searchConversations } from '../../lib/storage/conversation-search';
import { listConversations, renameConversation } from '../../lib/storage/conversations';
import { exportConversations, importConversations, summarizeImport } from '../../lib/storage/export';
import { useChatStore } from '../state/chat-store';
import { downloadJson } from '../common/download-json';
import type { HistoryRow } from './history-rows';

/** Every stored conversation, or those matching `query`, re-read whenever any extension page changes storage. */
export function useHistoryRows(query: string): HistoryRow[] | undefined {
  const [rows, setRows] = useState<HistoryRow[]>();
  useEffect(() => {
    let live = true;
    const load = async () => {
      const found = query.trim()
        ? (await searchConversations(query)).map((r) => ({
            conversation: r.conversation,
            // A title hit is already shown (and marked) in the title itself.
            snippet: r.messageId ? `${r.snippet.before}${r.snippet.match}${r.snippet.after}` : undefined,
          }))
        : (await listConversations()).map((conversation) => ({ conversation }));
      if (live) setRows(found);
    };
    void load();
    const unsubscribe = onStorageChange(() => void load());
    return () => {
      live = false;
      unsubscribe();
    };
  }, [query]);
  return rows;
}

/** Removing, restoring and renaming whole conversations; the chat shows a new title of the one it has open at once. */
export function useConversationEdits() {
  const open = useChatStore((s) => s.open);
  const current = useChatStore((s) => s.conversation?.id);
  return {
    remove: removeConversations,
    restore: restoreConversations,
    async rename(id: string, title: string): Promise<void> {
      await renameConversation(id, title);
      if (id === current) await open(id);
    },
  };
}

/** Reading a Parley export in: what it would add, and adding it. */
export function useConversationImporter() {
  return { summarize: summarizeImport, import: importConversations };
}

/**
 * Saves the given conversations (all when `ids` is omitted) as a Parley JSON export; the full export from
 * Settings › Data passes the prompt library and the personas to go with them.
 */
export async function downloadExport(ids?: string[], library?: { prompts: SavedPrompt[]; personas: Persona[] }): Promise<void> {
  const doc = await exportConversations(ids);
  downloadJson(library ? { ...doc, ...library } : doc, 'parley-conversations');
}
