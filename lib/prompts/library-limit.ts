/**
 * How many prompts, and how many personas, a library holds. The same number bounds a file read, an import merged in
 * and a list saved, so whatever Parley saves it exports whole and reads back. The limit is kept, not raised to what
 * two imports could pile up: Settings shows every entry as a form, and a thousand is already past what anyone edits.
 */
export const MAX_LIBRARY_ENTRIES = 1_000;

/** A list of `count` entries was refused: a library holds at most MAX_LIBRARY_ENTRIES of them. */
export class LibraryLimitError extends Error {
  constructor(readonly count: number) {
    super(`${count} entries; a library holds at most ${MAX_LIBRARY_ENTRIES}`);
    this.name = 'LibraryLimitError';
  }
}

/** Throws LibraryLimitError for a list longer than a library holds. */
export function checkLibraryLimit(count: number): void {
  if (count > MAX_LIBRARY_ENTRIES) throw new LibraryLimitError(count);
}

/** How many more entries fit a list of `count`. */
const roomLeft = (count: number): number => Math.max(0, MAX_LIBRARY_ENTRIES - count);

/**
 * The entries of `added` a list of `count` takes: all of them when they fit; when only some do, the first that fit if
 * `askForPart(room)` agrees ('declined' otherwise); 'full' when none does.
 */
export async function takeWhatFits<T>(
  added: readonly T[],
  count: number,
  askForPart: (room: number) => Promise<boolean>,
): Promise<readonly T[] | 'full' | 'declined'> {
  const room = roomLeft(count);
  if (added.length <= room) return added;
  if (room === 0) return 'full';
  return (await askForPart(room)) ? added.slice(0, room) : 'declined';
}
