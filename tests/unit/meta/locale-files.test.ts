import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../../../lib/i18n/languages';
import { jsonFolders } from '../support/temp-files';

const LOCALES_DIR = resolve(import.meta.dirname, '../../../lib/i18n/locales');
const CODES = SUPPORTED_LOCALES.map((l) => l.code);

/**
 * What keeps a string findable: every locale is a folder of the same files, and
 * each file holds one top-level section named like it (`en-US/chat.json` holds
 * `chat`), so the keys a feature shows are in the file named after it.
 */
function layoutProblems(dir: string): string[] {
  const problems: string[] = [];
  const entries = readdirSync(dir, { withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isDirectory() || !CODES.includes(entry.name as never)) problems.push(`${entry.name} is not a locale folder`);
  }
  const filesOf = (code: string) => {
    try {
      return readdirSync(join(dir, code)).sort();
    } catch {
      problems.push(`${code} has no folder`);
      return [];
    }
  };
  const english = filesOf('en-US');
  for (const code of CODES) {
    const files = filesOf(code);
    if (code !== 'en-US' && files.join() !== english.join())
      problems.push(`${code} has ${files.join(', ')}; en-US has ${english.join(', ')}`);
    for (const file of files) {
      const section = file.replace(/\.json$/, '');
      const keys = Object.keys(JSON.parse(readFileSync(join(dir, code, file), 'utf8')) as object);
      if (keys.join() !== section) problems.push(`${code}/${file} holds ${keys.join(', ') || 'nothing'}, not only ${section}`);
    }
  }
  return problems;
}

const localesDir = jsonFolders();

describe('locale files', () => {
  it('are one folder per locale, the same files in each, each holding the one section it is named after', () => {
    expect(layoutProblems(LOCALES_DIR)).toEqual([]);
  });

  it('reports a file holding two sections or another than its name, a file one locale lacks, and a file outside the folders', () => {
    const each = (file: string, strings: unknown) => Object.fromEntries(CODES.map((code) => [`${code}/${file}`, strings]));
    const dir = localesDir({
      ...each('chat.json', { chat: {} }),
      'en-US/consent.json': { plugins: {}, history: {} },
      'de-DE/consent.json': { plugins: {} },
      'fr-FR.json': { nav: {} },
    });
    const problems = layoutProblems(dir);
    expect(problems).toContain('fr-FR.json is not a locale folder');
    expect(problems).toContain('en-US/consent.json holds plugins, history, not only consent');
    expect(problems).toContain('de-DE/consent.json holds plugins, not only consent');
    expect(problems).toContain('ja-JP has chat.json; en-US has chat.json, consent.json');
  });
});
