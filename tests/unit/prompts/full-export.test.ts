// @vitest-environment jsdom
import { deleteDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadExport } from '../../../components/history/use-conversations';
import { readPersonasDocument, readPromptsDocument } from '../../../lib/prompts/prompts-file';
import { readConversationsDocument } from '../../../lib/storage/export-format';
import { createConversation } from '../../../lib/storage/conversations';
import { closeDb, DB_NAME } from '../../../lib/storage/db';

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
});

afterEach(() => vi.restoreAllMocks());

describe('the full export', () => {
  it('carries the prompt library and the personas beside the conversations, and both read back', async () => {
    await createConversation({ title: 'Tides' });
    let saved: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:export';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const library = [{ id: 'p', title: 'Haiku', text: 'Turn {{selection}} into a haiku.', inMenu: true }];

    const personas = [{ id: 'pirate', name: 'Pirate', systemPrompt: 'Talk like a pirate.', temperature: 1.2 }];
    await downloadExport(undefined, { prompts: library, personas });
    const doc: unknown = JSON.parse(await saved!.text());
    expect(readConversationsDocument(doc).map((c) => c.title)).toEqual(['Tides']);
    expect(readPromptsDocument(doc)).toEqual(library);
    expect(readPersonasDocument(doc)).toEqual(personas);
  });
});
