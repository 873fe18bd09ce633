import { deleteDB } from 'idb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { getPref } from '../../../lib/storage/prefs';
import { loadPrompts, savePrompts } from '../../../lib/prompts/library';
import { savePersonas } from '../../../lib/prompts/personas';
import { LibraryLimitError, MAX_LIBRARY_ENTRIES, takeWhatFits } from '../../../lib/prompts/library-limit';
import { mergePrompts, promptsDocument, readPromptsDocument } from '../../../lib/prompts/prompts-file';

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
});

const prompts = (n: number, prefix = 'p') =>
  Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, title: `${prefix}${i}`, text: `${prefix} ${i}`, inMenu: false }));

describe('the library limit', () => {
  it('saves a library at the limit, whose export imports back whole, and refuses to save one past it', async () => {
    await savePrompts(prompts(MAX_LIBRARY_ENTRIES));
    const exported = JSON.parse(JSON.stringify(promptsDocument(await loadPrompts([])))) as unknown;
    expect(readPromptsDocument(exported)).toEqual(prompts(MAX_LIBRARY_ENTRIES));

    await expect(savePrompts(prompts(MAX_LIBRARY_ENTRIES + 1))).rejects.toEqual(new LibraryLimitError(MAX_LIBRARY_ENTRIES + 1));
    const personas = prompts(MAX_LIBRARY_ENTRIES + 1).map((p) => ({ id: p.id, name: p.title, systemPrompt: p.text }));
    await expect(savePersonas(personas)).rejects.toBeInstanceOf(LibraryLimitError);
    expect(await getPref('prompts')).toHaveLength(MAX_LIBRARY_ENTRIES);
    expect(await getPref('personas')).toEqual([]);
  });

  it('takes an import whole when it fits, asks before taking the part that fits, and takes none into a full list', async () => {
    const ask = vi.fn(() => Promise.resolve(true));
    const incoming = prompts(10, 'new');
    expect(await takeWhatFits(incoming, MAX_LIBRARY_ENTRIES - 10, ask)).toEqual(incoming);
    expect(ask).not.toHaveBeenCalled();

    // Two imports of a thousand, as in the report: the second keeps only what fits, and only when the user agrees.
    const first = mergePrompts([], prompts(MAX_LIBRARY_ENTRIES, 'a'), () => 'unused');
    const added = mergePrompts(first, prompts(MAX_LIBRARY_ENTRIES, 'b'), () => 'unused').slice(first.length);
    expect(await takeWhatFits(added, first.length - 12, ask)).toEqual(added.slice(0, 12));
    expect(ask).toHaveBeenCalledWith(12);
    ask.mockResolvedValueOnce(false);
    expect(await takeWhatFits(added, first.length - 12, ask)).toBe('declined');
    expect(await takeWhatFits(added, first.length, ask)).toBe('full');
    expect(ask).toHaveBeenCalledTimes(2);
  });
});
