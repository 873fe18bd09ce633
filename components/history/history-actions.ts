import { exportConversations } from '../../lib/storage/export';

/** Saves the given conversations (all when `ids` is omitted) as a Parley JSON export. */
export async function downloadExport(ids?: string[]): Promise<void> {
  const doc = await exportConversations(ids);
  const url = URL.createObjectURL(new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `parley-conversations-${new Date().toISOString().slice(0, 10)}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
