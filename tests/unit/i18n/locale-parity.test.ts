import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../../../lib/i18n/languages';
import {
  LOCALES_DIR,
  REFERENCE_LOCALE,
  compareFragment,
  entries,
  flatten,
  fragmentFile,
  listFragments,
  pluralCategories,
  readJson,
} from './strings';

const TRANSLATED = SUPPORTED_LOCALES.map((l) => l.code).filter((code) => code !== REFERENCE_LOCALE);
const fragments = listFragments();
const features = fragments.filter((f) => f.locale === REFERENCE_LOCALE).map((f) => f.feature);

/**
 * Words a translation may share with English: product and technical names
 * everywhere, and per language the words it spells the same way. Any other
 * text equal to the English one was most likely left untranslated.
 */
const SHARED_TERMS = [
  ...[
    'Parley',
    'OpenAI',
    'Ollama',
    'Azure AI Inference',
    'Azure Speech',
    'Azure',
    'Amazon',
    'Bedrock',
    'Google',
    'Gemini',
    'Microsoft',
    'Edge',
  ],
  // Provider presets and Anthropic: product names, never translated.
  ...['OpenRouter', 'Groq', 'DeepSeek', 'Mistral AI', 'xAI', 'Together AI', 'Fireworks AI', 'Perplexity', 'LM Studio', 'vLLM'],
  ...['Anthropic', 'Claude'],
  ...['API', 'URL', 'JSON', 'PDF', 'https', 'Top P', 'FIPS', 'IPv4', 'IPv6'],
];
const SAME_WORDS: Record<string, readonly string[]> = {
  'de-DE': ['Name', 'Details', 'Plugin', 'Plugins', 'Manifest', 'Region', 'Standard', 'Prompt'],
  'fr-FR': ['Assistant', 'Conversation', 'Conversations', 'Message', 'Arguments', 'Plugin', 'Plugins', 'Prompt', 'Standard'],
  'es-ES': ['No', 'Prompt'],
  'pt-BR': ['Plugin', 'Plugins', 'Prompt', 'Endpoint'],
};

function wordsPattern(words: readonly string[]): RegExp {
  return new RegExp(`(?<![\\p{L}\\d])(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\p{L}\\d])`, 'gu');
}

function untranslated(locale: string, english: unknown, translated: unknown): string[] {
  const shared = wordsPattern([...SHARED_TERMS, ...(SAME_WORDS[locale] ?? [])]);
  const mine = flatten(translated);
  return [...flatten(english)]
    .filter(([key, value]) => {
      if (typeof value !== 'string' || mine.get(key) !== value) return false;
      const prose = value.replace(/\{\{[^}]*\}\}/g, '').replace(shared, '');
      return /\p{L}/u.test(prose);
    })
    .map(([key]) => `${key} is still English: ${String(mine.get(key))}`);
}

describe('interface strings', () => {
  it('has a fragment file per feature and locale, and none without an English original', () => {
    const expected = [REFERENCE_LOCALE, ...TRANSLATED].flatMap((locale) => features.map((f) => fragmentFile(locale, f))).sort();
    expect(fragments.map((f) => f.file).sort()).toEqual(expected);
  });

  it('uses exactly the plural forms English needs in English', () => {
    const wrong = features.flatMap((feature) =>
      [...entries(readJson(join(LOCALES_DIR, fragmentFile(REFERENCE_LOCALE, feature))))]
        .filter(([, e]) => e.categories && e.categories.join() !== pluralCategories(REFERENCE_LOCALE).join())
        .map(([key]) => key),
    );
    expect(wrong).toEqual([]);
  });

  const pairs = TRANSLATED.flatMap((locale) => features.map((feature) => ({ locale, feature, file: fragmentFile(locale, feature) })));

  it.each(pairs)('$file has every key of en-US, plural forms and placeholders', ({ locale, feature, file }) => {
    const english = readJson(join(LOCALES_DIR, fragmentFile(REFERENCE_LOCALE, feature)));
    let translated: unknown;
    try {
      translated = readJson(join(LOCALES_DIR, file));
    } catch (error) {
      expect.fail(`${file}: ${String(error)}`);
    }
    expect(compareFragment(locale, english, translated)).toEqual([]);
    expect(untranslated(locale, english, translated)).toEqual([]);
  });
});

describe('the parity check', () => {
  const english = { a: 'Save', b: 'Remove {{title}}', n_one: '{{count}} model', n_other: '{{count}} models' };

  it('accepts a faithful translation with the locale’s own plural forms', () => {
    const russian = {
      a: 'Сохранить',
      b: 'Удалить {{title}}',
      n_one: '{{count, number}} модель',
      n_few: '{{count, number}} модели',
      n_many: '{{count, number}} моделей',
      n_other: '{{count, number}} модели',
    };
    expect(compareFragment('ru-RU', english, russian)).toEqual([]);
  });

  it('lets Arabic spell out the numbers its zero, one and two forms stand for', () => {
    const arabic = {
      a: 'حفظ',
      b: 'إزالة {{title}}',
      n_zero: 'لا نماذج',
      n_one: 'نموذج واحد',
      n_two: 'نموذجان',
      n_few: '{{count}} نماذج',
      n_many: '{{count}} نموذجًا',
      n_other: '{{count}} نموذج',
    };
    expect(compareFragment('ar-SA', english, arabic)).toEqual([]);
    expect(compareFragment('ar-SA', english, { ...arabic, n_few: 'بضعة نماذج' })).toEqual(['n_few has placeholders [], en-US has [count]']);
  });

  it('reports missing and extra keys, wrong plural forms and changed placeholders', () => {
    const broken = {
      b: 'Entfernen {{name}}',
      c: 'Extra',
      n_one: '{{count}} Modell',
      n_other: '{{count}} Modelle',
      n_few: '{{count}} Modelle',
    };
    expect(compareFragment('de-DE', english, broken)).toEqual([
      'missing a',
      'b has placeholders [name], en-US has [title]',
      'n has plural forms few, one, other; de-DE needs one, other',
      'extra c',
    ]);
    expect(compareFragment('ja-JP', english, { ...english, n: '{{count}} 個' })).toEqual(['n must be plural (other)']);
    expect(compareFragment('ja-JP', english, { a: '保存', b: '{{title}} を削除', n_other: '{{count}} 個のモデル' })).toEqual([]);
  });

  it('catches text left in English', () => {
    expect(untranslated('ja-JP', { a: 'Save', b: 'Parley', c: '{{rate}}×' }, { a: 'Save', b: 'Parley', c: '{{rate}}×' })).toEqual([
      'a is still English: Save',
    ]);
  });
});
