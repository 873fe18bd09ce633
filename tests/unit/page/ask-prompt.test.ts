import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n/i18n';
import { composeAsk, displayLanguageName, languageName, type ComposeOptions } from '../../../lib/page/ask-prompt';
import type { HandOff } from '../../../lib/page/hand-off';
import type { AskIntent } from '../../../lib/page/menu-model';

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
    translate: (key, values) => i18n.t(key, values ?? {}),
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

  it('sends quick actions at once with their localised prompt, unless the setting holds them', async () => {
    const explain = composeAsk(handOff({ kind: 'action', action: 'explain' }), await options('en-US'));
    expect(explain).toMatchObject({ prompt: 'Explain the quoted text clearly and simply.', sendNow: true });
    const held = composeAsk(
      handOff({ kind: 'action', action: 'summarize' }),
      await options('en-US', { quickActionSendsImmediately: false }),
    );
    expect(held).toMatchObject({ prompt: 'Summarize the quoted text in a few sentences.', sendNow: false });
  });

  it('has an English prompt for every quick action', async () => {
    const opts = await options('en-US');
    for (const action of ['explain', 'summarize', 'translate', 'fixGrammar'] as const) {
      const prompt = composeAsk(handOff({ kind: 'action', action }), opts)?.prompt ?? '';
      expect(prompt).not.toContain('page.prompts');
      expect(prompt.length).toBeGreaterThan(10);
    }
  });

  it('translates into the interface language, named in that language', async () => {
    const english = composeAsk(handOff({ kind: 'action', action: 'translate' }), await options('en-US'));
    expect(english?.prompt).toBe('Translate the quoted text into English. Reply with the translation only.');
    const japanese = composeAsk(handOff({ kind: 'action', action: 'translate' }), await options('ja-JP'));
    expect(japanese?.prompt).toContain('日本語');
    expect(languageName('de-DE')).toBe('Deutsch');
    expect(languageName('xx-YY')).toBe('xx-YY');
  });

  it('uses a saved prompt verbatim', async () => {
    const composed = composeAsk(handOff({ kind: 'custom', title: 'Poem', prompt: 'Turn this into a haiku.' }), await options('en-US'));
    expect(composed).toMatchObject({ prompt: 'Turn this into a haiku.', sendNow: true });
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
    expect(displayLanguageName('not a locale')).toBe('not a locale');
  });
});
