import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../../../lib/i18n/languages';
import { ROOT, readJson } from './strings';

const LOCALES = join(ROOT, 'public/_locales');

/** The browser's locale folder for each interface locale: language only, unless the region changes the language. */
const FOLDER: Record<string, string> = {
  'ar-SA': 'ar',
  'de-DE': 'de',
  'en-US': 'en',
  'es-ES': 'es',
  'fr-FR': 'fr',
  'ja-JP': 'ja',
  'ko-KR': 'ko',
  'pt-BR': 'pt_BR',
  'ru-RU': 'ru',
  'zh-CN': 'zh_CN',
  'zh-TW': 'zh_TW',
};

/** Chrome Web Store limits for the manifest's name and description. */
const MAX_NAME = 75;
const MAX_DESCRIPTION = 132;

interface Message {
  message: string;
  description?: string;
  placeholders?: Record<string, { content: string; example?: string }>;
}
type Messages = Record<string, Message>;

function load(folder: string): Messages {
  return readJson(join(LOCALES, folder, 'messages.json')) as Messages;
}

/** What a message substitutes: $named$ placeholders, $1 arguments and the context menu's %s. */
function substitutions(text: string): string[] {
  const named = [...text.matchAll(/\$([a-z0-9_@]+)\$/gi)].map((m) => `$${m[1]!.toLowerCase()}$`);
  const numbered = [...text.matchAll(/\$(\d)/g)].map((m) => `$${m[1]}`);
  const percent = [...text.matchAll(/%s/g)].map(() => '%s');
  return [...named, ...numbered, ...percent].sort();
}

function compareMessages(english: Messages, translated: Messages): string[] {
  const problems: string[] = [];
  for (const [key, original] of Object.entries(english)) {
    const own = translated[key];
    if (!own) {
      problems.push(`missing ${key}`);
      continue;
    }
    if (typeof own.message !== 'string' || !own.message.trim()) {
      problems.push(`${key} has no message`);
      continue;
    }
    if (substitutions(own.message).join() !== substitutions(original.message).join()) {
      problems.push(
        `${key} substitutes [${substitutions(own.message).join(', ')}], en has [${substitutions(original.message).join(', ')}]`,
      );
    }
    if (JSON.stringify(own.placeholders ?? null) !== JSON.stringify(original.placeholders ?? null)) {
      problems.push(`${key} has other placeholders than en`);
    }
  }
  for (const key of Object.keys(translated)) if (!(key in english)) problems.push(`extra ${key}`);
  return problems;
}

describe('browser-level strings (public/_locales)', () => {
  const english = load('en');

  it('has one folder per supported locale', () => {
    expect(readdirSync(LOCALES).sort()).toEqual(SUPPORTED_LOCALES.map((l) => FOLDER[l.code]).sort());
  });

  it.each(Object.values(FOLDER).filter((f) => f !== 'en'))('%s carries every message of en, with the same substitutions', (folder) => {
    const translated = load(folder);
    expect(compareMessages(english, translated)).toEqual([]);
    const same = Object.keys(english).filter((key) => key !== 'extName' && translated[key]?.message === english[key]!.message);
    expect(same, 'left in English').toEqual([]);
  });

  it.each(Object.values(FOLDER))('%s fits the store’s name and description limits', (folder) => {
    const messages = load(folder);
    expect(messages.extName?.message.length).toBeLessThanOrEqual(MAX_NAME);
    expect(messages.extDescription?.message.length).toBeLessThanOrEqual(MAX_DESCRIPTION);
  });

  it('defines every message the manifest and the extension code ask for, and no unused one', () => {
    const sources = [
      readFileSync(join(ROOT, 'wxt.config.ts'), 'utf8'),
      ...['entrypoints', 'lib'].flatMap((dir) =>
        readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
          .filter((f) => /\.tsx?$/.test(f))
          .map((f) => readFileSync(join(ROOT, dir, f), 'utf8')),
      ),
    ].join('\n');
    const manifestKeys = [...sources.matchAll(/__MSG_(\w+)__/g)].map((m) => m[1]!);
    expect(manifestKeys.filter((key) => !(key in english))).toEqual([]);
    const unused = Object.keys(english).filter((key) => !sources.includes(`'${key}'`) && !sources.includes(`__MSG_${key}__`));
    expect(unused).toEqual([]);
  });

  it('the comparison reports missing, extra and changed substitutions', () => {
    const en: Messages = { a: { message: 'Ask about “%s”' }, b: { message: 'Pause' } };
    expect(compareMessages(en, { a: { message: 'Fragen' }, c: { message: 'x' } })).toEqual([
      'a substitutes [], en has [%s]',
      'missing b',
      'extra c',
    ]);
    expect(compareMessages(en, { a: { message: '„%s“ fragen' }, b: { message: 'Pause' } })).toEqual([]);
  });
});
