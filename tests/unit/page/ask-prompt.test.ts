import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n/i18n';
import { SUPPORTED_LOCALES } from '../../../lib/i18n/languages';
import { composeAsk, displayLanguageName, inlineSelection, type ComposeOptions } from '../../../lib/page/ask-prompt';
import type { HandOff } from '../../../lib/page/hand-off';
import type { AskIntent } from '../../../lib/page/menu-model';
import { starterPrompts } from '../../../lib/prompts/bundled-starters';

const handOff = (intent: AskIntent, text = 'Le chat est sur la table.'): HandOff => ({
  id: 'h',
  windowId: 1,
  createdAt: 0,
  intent,
  selection: { text, title: 'Page', url: 'https://example.test/a' },
});

async function options(locale: string, patch: Partial<ComposeOptions> = {}): Promise<ComposeOptions> {
  const i18n = await createI18n(locale);
  return {
    quickActionSendsImmediately: true,
    askSendsImmediately: false,
    locale,
    translate: (key) => i18n.t(key),
    ...patch,
  };
}

describe('composeAsk', () => {
  it('quotes the selection with its page as a selection block', async () => {
    const composed = composeAsk(handOff({ kind: 'ask' }), await options('en-US'));
    expect(composed?.context).toEqual({
      kind: 'selection',
      text: 'Le chat est sur la table.',
      title: 'Page',
      url: 'https://example.test/a',
    });
  });

  it('leaves the plain ask for the user to finish, unless the setting sends it', async () => {
    expect(composeAsk(handOff({ kind: 'ask' }), await options('en-US'))).toMatchObject({ prompt: '', sendNow: false });
    const sent = composeAsk(handOff({ kind: 'ask' }), await options('en-US', { askSendsImmediately: true }));
    expect(sent?.sendNow).toBe(true);
    expect(sent?.prompt).toBe('What can you tell me about this?');
  });

  it('sends a menu prompt at once with the selection filled in, unless the setting holds it', async () => {
    const [explain] = starterPrompts('en-US');
    const sent = composeAsk(handOff({ kind: 'prompt', title: explain!.title, text: explain!.text }), await options('en-US'));
    expect(sent).toEqual({ prompt: 'Explain this text clearly and simply:\n\nLe chat est sur la table.', sendNow: true });
    const held = composeAsk(
      handOff({ kind: 'prompt', title: 'T', text: 'Summarize {{selection}} from {{title}} ({{url}})' }),
      await options('en-US', { quickActionSendsImmediately: false }),
    );
    expect(held).toEqual({
      context: { kind: 'selection', text: 'Le chat est sur la table.', title: 'Page', url: 'https://example.test/a' },
      prompt: 'Summarize {{selection}} from Page (https://example.test/a)',
      sendNow: false,
    });
  });

  it('translates into the interface language, named in that language', async () => {
    const translate = starterPrompts('ja-JP').find((p) => p.id === 'translate')!;
    const japanese = composeAsk(handOff({ kind: 'prompt', title: translate.title, text: translate.text }), await options('ja-JP'));
    expect(japanese?.prompt).toContain('日本語');
    expect(japanese?.prompt).toContain('Le chat est sur la table.');
  });

  it('quotes the selection for a prompt that has no place for it', async () => {
    const composed = composeAsk(handOff({ kind: 'prompt', title: 'Poem', text: 'Turn this into a haiku.' }), await options('en-US'));
    expect(composed).toMatchObject({ prompt: 'Turn this into a haiku.', sendNow: true, context: { kind: 'selection' } });
  });

  it('holds a prompt whose variables found no value in the composer, naming them as written', async () => {
    const composed = composeAsk(
      handOff({ kind: 'prompt', title: 'P', text: 'Compare {{selection}} with {{page}}' }),
      await options('en-US'),
    );
    expect(composed).toMatchObject({ prompt: 'Compare {{selection}} with {{page}}', sendNow: false, context: { kind: 'selection' } });
  });

  it('gives nothing to compose without selected text', async () => {
    const opts = await options('en-US');
    expect(composeAsk({ ...handOff({ kind: 'ask' }), selection: undefined, problem: 'no-selection' }, opts)).toBeUndefined();
    expect(composeAsk(handOff({ kind: 'ask' }, '   '), opts)).toBeUndefined();
  });
});

describe('displayLanguageName', () => {
  it('names the interface language as its speakers do, telling the two Chinese scripts apart', () => {
    expect(displayLanguageName('de-DE')).toBe('Deutsch');
    expect(displayLanguageName('en-US')).toBe('English');
    expect(displayLanguageName('ja-JP')).toBe('日本語');
    expect(displayLanguageName('zh-CN')).toBe('简体中文');
    expect(displayLanguageName('zh-TW')).toBe('繁體中文');
    expect(displayLanguageName('fr-FR')).toBe('français');
    expect(displayLanguageName('not a locale')).toBe('not a locale');
  });

  it('gives for every interface language what Intl.DisplayNames gives, which the panel no longer loads to open', () => {
    for (const { code } of SUPPORTED_LOCALES) {
      const parsed = new Intl.Locale(code).maximize();
      const named = parsed.language === 'zh' ? `zh-${parsed.script}` : parsed.language;
      expect(displayLanguageName(code), code).toBe(new Intl.DisplayNames([code], { type: 'language' }).of(named));
    }
  });
});

describe('inlineSelection', () => {
  const quote = { kind: 'selection' as const, text: 'Le chat est sur la table.' };
  const page = { kind: 'page' as const, text: 'The whole page', url: 'https://example.test/a' };

  it('fills {{selection}} from the first selection, which then goes inside the text only', () => {
    expect(inlineSelection('Translate {{ selection }} for {{language}}', [page, quote])).toEqual({
      text: 'Translate Le chat est sur la table. for {{language}}',
      blocks: [page],
    });
  });

  it('leaves a text without {{selection}}, or without a selection to fill it, as it is', () => {
    expect(inlineSelection('My own question', [quote])).toEqual({ text: 'My own question', blocks: [quote] });
    expect(inlineSelection('About {{selection}}', [page])).toEqual({ text: 'About {{selection}}', blocks: [page] });
  });
});
