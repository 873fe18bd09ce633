import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  LATE_BUNDLE_QUERY,
  LOCALE_BUNDLE_QUERY,
  localeBundles,
  localeCodes,
  localeFiles,
  mergeStrings,
} from '../../../build/locale-bundles';
import { jsonFolders } from '../support/temp-files';

const localesDir = jsonFolders();

type Load = (this: { addWatchFile(file: string): void }, id: string) => string | undefined;
function load(id: string, watched: string[] = []): string | undefined {
  const hook = localeBundles().load as Load;
  return hook.call({ addWatchFile: (file) => watched.push(file) }, id);
}
type ResolveId = (source: string, importer?: string) => string | undefined;
const resolveId = (source: string, importer?: string) => (localeBundles().resolveId as ResolveId)(source, importer);

describe('locale bundles', () => {
  it('merges nested keys of feature files into one tree', () => {
    expect(
      mergeStrings([{ chat: { send: 'Send', nested: { a: '1' } } }, { chat: { stop: 'Stop', nested: { b: '2' } } }, { nav: { x: 'X' } }]),
    ).toEqual({
      chat: { send: 'Send', stop: 'Stop', nested: { a: '1', b: '2' } },
      nav: { x: 'X' },
    });
  });

  it("takes one locale's own section files, in name order", () => {
    const dir = localesDir({ 'en-US/page.json': {}, 'en-US/composer.json': {}, 'de-DE/page.json': {} });
    expect(localeFiles(dir, 'en-US')).toEqual(['en-US/composer.json', 'en-US/page.json'].map((f) => join(dir, f)));
  });

  it('finds the locales by their folders', () => {
    const dir = localesDir({ 'en-US/chat.json': {}, 'de-DE/chat.json': {}, 'notes/chat.json': {}, 'fr-FR.json': {} });
    expect(localeCodes(dir)).toEqual(['de-DE', 'en-US']);
  });

  it("names a locale's bundle after its folder, so that its chunks are named after the locale", () => {
    const importer = join('/src', 'i18n', 'i18n.ts');
    expect(resolveId('./locales/fr-FR/common.json' + LOCALE_BUNDLE_QUERY, importer)).toBe(
      join('/src/i18n/locales/fr-FR.json') + LOCALE_BUNDLE_QUERY,
    );
    expect(resolveId('./locales/fr-FR/common.json' + LATE_BUNDLE_QUERY, importer)).toBe(
      join('/src/i18n/locales/fr-FR.json') + LATE_BUNDLE_QUERY,
    );
    expect(resolveId('./locales/fr-FR/common.json', importer)).toBeUndefined();
  });

  it('serves a whole locale for the bundle query, watching each file, and leaves other imports alone', () => {
    const dir = localesDir({
      'fr-FR/common.json': { common: { save: 'Enregistrer' } },
      'fr-FR/nav.json': { nav: { settings: 'Paramètres' } },
      'fr-FR/reader.json': { reader: { readPage: 'Lire la page' } },
      'ja-JP/nav.json': { nav: { settings: '設定' } },
    });
    const watched: string[] = [];
    const code = load(join(dir, 'fr-FR.json') + LOCALE_BUNDLE_QUERY, watched);
    expect(JSON.parse(code!)).toEqual({
      common: { save: 'Enregistrer' },
      nav: { settings: 'Paramètres' },
      reader: { readPage: 'Lire la page' },
    });
    expect(watched).toHaveLength(3);
    expect(load(join(dir, 'fr-FR.json'))).toBeUndefined();
  });

  it('serves the late sections apart from the rest of a locale', () => {
    const dir = localesDir({
      'fr-FR/common.json': { common: { save: 'Enregistrer' } },
      'fr-FR/history.json': { history: { title: 'Conversations' } },
      'fr-FR/errors.json': { errors: { x: 'Erreur' } },
      'fr-FR/plugins.json': { plugins: { title: 'Plugins' } },
    });
    expect(JSON.parse(load(join(dir, 'fr-FR.json') + LOCALE_BUNDLE_QUERY)!)).toEqual({
      common: { save: 'Enregistrer' },
      errors: { x: 'Erreur' },
    });
    expect(JSON.parse(load(join(dir, 'fr-FR.json') + LATE_BUNDLE_QUERY)!)).toEqual({
      history: { title: 'Conversations' },
      plugins: { title: 'Plugins' },
    });
  });
});
