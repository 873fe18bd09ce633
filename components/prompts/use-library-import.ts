import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/i18n/formats';
import { LibraryLimitError, MAX_LIBRARY_ENTRIES, takeWhatFits } from '../../lib/prompts/library-limit';
import { parsePromptsFile } from '../../lib/prompts/prompts-file';
import { confirmDialog } from '../ui/confirm';
import { showToast } from '../ui/toast';

/** The two libraries Settings edits; each names its strings' section. */
export type Library = 'prompts' | 'personas';

/** Why an import or a save was refused: an unreadable file, one over the limit, or a library with no room left. */
export type LibraryProblem = { key: 'importFailed' | 'full' } | { key: 'tooMany'; count: number };

/** Saves a library: false, saving nothing, when the list is longer than a library holds. */
export async function savedWithinLimit<T>(save: (list: T[]) => Promise<void>, list: T[]): Promise<boolean> {
  try {
    await save(list);
    return true;
  } catch (e) {
    if (e instanceof LibraryLimitError) return false;
    throw e;
  }
}

interface LibraryImport<T> {
  library: Library;
  /** The entries of a parsed prompts file; throws when the file holds none of them. */
  read(doc: unknown): T[];
  loadSaved(): Promise<T[]>;
  merge(saved: readonly T[], incoming: readonly T[], newId: () => string): T[];
  save(list: T[]): Promise<void>;
  /** How many entries the list being edited holds, saved or not. */
  edited: number;
  onProblem(problem: LibraryProblem | undefined): void;
  /** The entries added to the saved library, to add to the list being edited too. */
  onImported(kept: readonly T[]): void;
}

/**
 * Adds a file's entries to the saved library; the list being edited keeps its unsaved changes. When only some fit
 * the library, the user says whether to keep those.
 */
export function useLibraryImport<T>({ library, read, loadSaved, merge, save, edited, onProblem, onImported }: LibraryImport<T>) {
  const { t, i18n } = useTranslation();
  const number = (n: number) => formatNumber(i18n, n);
  return async (file: File) => {
    onProblem(undefined);
    let incoming: T[];
    try {
      incoming = read(parsePromptsFile(await file.text()));
    } catch (e) {
      return onProblem(e instanceof LibraryLimitError ? { key: 'tooMany', count: e.count } : { key: 'importFailed' });
    }
    const saved = await loadSaved();
    const added = merge(saved, incoming, () => crypto.randomUUID()).slice(saved.length);
    const count = Math.max(saved.length, edited);
    const kept = await takeWhatFits(added, count, (room) =>
      confirmDialog({
        title: t(`${library}.settings.partTitle`),
        message: t(`${library}.settings.partMessage`, {
          adding: number(added.length),
          limit: number(MAX_LIBRARY_ENTRIES),
          saved: number(count),
          room: number(room),
        }),
        confirmLabel: t(`${library}.settings.partConfirm`, { number: number(room) }),
      }),
    );
    if (kept === 'declined') return;
    if (kept === 'full') return onProblem({ key: 'full' });
    await save([...saved, ...kept]);
    onImported(kept);
    showToast({ message: t(`${library}.settings.imported`, { number: kept.length }), tone: 'success' });
  };
}
