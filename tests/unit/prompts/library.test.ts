import { deleteDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../../../lib/i18n/languages';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { getPref, setPref } from '../../../lib/storage/prefs';
import { duplicatePrompt, filterPrompts, loadPrompts, movePrompt, savePrompts } from '../../../lib/prompts/library';
import { starterPrompts } from '../../../lib/prompts/bundled-starters';
import { STARTER_PROMPTS } from '../../../lib/prompts/starter';
import { variablesIn } from '../../../lib/prompts/variables';

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
});

const prompt = (id: string, title = id) => ({ id, title, text: `${title} {{selection}}`, inMenu: false });

describe('prompt library', () => {
  it('has the whole starter set in every locale, each written in its own language with the same variables', async () => {
    const english = starterPrompts('en-US');
    expect(english.map((p) => p.id)).toEqual(STARTER_PROMPTS.map((p) => p.id));
    for (const { code } of SUPPORTED_LOCALES) {
      const set = starterPrompts(code);
      expect(
        set.map((p) => p.id),
        code,
      ).toEqual(english.map((p) => p.id));
      set.forEach((p, i) => {
        expect(variablesIn(p.text), `${code} ${p.id}`).toEqual(expect.arrayContaining(variablesIn(english[i]!.text)));
        if (code !== 'en-US') expect(p.text, `${code} ${p.id}`).not.toBe(english[i]!.text);
      });
    }
    expect(starterPrompts('xx-XX').map((p) => p.title)).toEqual(english.map((p) => p.title));
  });

  it('is the starter set in the interface language until changed, with the older quick actions after it', async () => {
    await setPref('customPrompts', [
      { id: 'poem', title: 'Poem', prompt: 'Turn this into a poem.' },
      { id: 'half', title: '', prompt: 'untitled' },
    ]);
    const german = await loadPrompts(starterPrompts('de-DE'));
    expect(german.slice(0, STARTER_PROMPTS.length)).toEqual(starterPrompts('de-DE'));
    expect(german.at(-1)).toEqual({ id: 'poem', title: 'Poem', text: 'Turn this into a poem.', inMenu: true });
    expect(german).toHaveLength(STARTER_PROMPTS.length + 1);
    expect((await loadPrompts(starterPrompts('ja-JP')))[0]!.title).toBe(starterPrompts('ja-JP')[0]!.title);
  });

  it('keeps the saved library as the user left it, skipping entries of the wrong shape', async () => {
    await savePrompts([prompt('b'), prompt('a')]);
    expect(await loadPrompts(starterPrompts('fr-FR'))).toEqual([prompt('b'), prompt('a')]);
    expect(await getPref('customPrompts')).toEqual([]);
    await setPref('prompts', [prompt('a'), { id: 'broken', title: 3 } as never]);
    expect(await loadPrompts(starterPrompts('fr-FR'))).toEqual([prompt('a')]);
  });

  it('duplicates a prompt right after itself and moves prompts within the ends', () => {
    const list = [prompt('a'), prompt('b'), prompt('c')];
    const copied = duplicatePrompt(list, 'a', 'a2', (t) => `${t} (copy)`);
    expect(copied.map((p) => [p.id, p.title])).toEqual([
      ['a', 'a'],
      ['a2', 'a (copy)'],
      ['b', 'b'],
      ['c', 'c'],
    ]);
    expect(copied[1]!.text).toBe(list[0]!.text);
    expect(movePrompt(list, 'c', -1).map((p) => p.id)).toEqual(['a', 'c', 'b']);
    expect(movePrompt(list, 'a', -1).map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(movePrompt(list, 'a', 1).map((p) => p.id)).toEqual(['b', 'a', 'c']);
  });

  it('filters by title, ignoring case', () => {
    const list = [prompt('s', 'Summarize'), prompt('t', 'Translate'), prompt('u', 'Übersetzen')];
    expect(filterPrompts(list, 'SUM').map((p) => p.id)).toEqual(['s']);
    expect(filterPrompts(list, 'ü').map((p) => p.id)).toEqual(['u']);
    expect(filterPrompts(list, '')).toHaveLength(3);
  });
});
