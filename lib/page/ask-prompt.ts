import type { ContextBlock } from '../core/conversation';
import { expandPrompt, variablesIn, type PromptValues } from '../prompts/variables';
import { IN_SENTENCE_NAMES } from '../i18n/in-sentence-names';
import { isSupportedLocale } from '../i18n/languages';
import type { HandOff } from './hand-off';

/** i18n key of the model-facing question, so it follows the interface language. */
export type PromptKey = 'page.prompts.ask';

export interface ComposeOptions {
  quickActionSendsImmediately: boolean;
  askSendsImmediately: boolean;
  /** The interface locale, e.g. de-DE: "Translate into my language" means into this one. */
  locale: string;
  translate(key: PromptKey): string;
}

export interface ComposedAsk {
  /** The selection quoted with the message; absent when the prompt already holds it through {{selection}}. */
  context?: ContextBlock;
  /** The message to send or to leave in the composer; empty when the user is to write it. */
  prompt: string;
  sendNow: boolean;
}

/**
 * The interface language as its speakers name it, for "Translate this page
 * into Deutsch": the language alone, except Chinese, named by its script
 * (简体中文, 繁體中文), which is what tells its two locales apart.
 */
export function displayLanguageName(locale: string): string {
  return isSupportedLocale(locale) ? IN_SENTENCE_NAMES[locale] : locale;
}

/** The prompt values that need no page: {{language}}, the interface language's name, and {{date}}, today in its format. */
export function ambientValues(locale: string, now = new Date()): PromptValues {
  let date: string;
  try {
    date = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(now);
  } catch {
    date = now.toISOString().slice(0, 10);
  }
  return { language: displayLanguageName(locale), date };
}

/**
 * Turns a hand-off into the message and, unless the prompt inlines it, the quoted selection; undefined when nothing
 * was selected.
 */
export function composeAsk(handOff: HandOff, options: ComposeOptions): ComposedAsk | undefined {
  const selection = handOff.selection;
  if (!selection?.text.trim()) return undefined;
  const context: ContextBlock = {
    kind: 'selection',
    text: selection.text,
    ...(selection.title ? { title: selection.title } : {}),
    ...(selection.url ? { url: selection.url } : {}),
  };
  const intent = handOff.intent;
  switch (intent.kind) {
    case 'ask':
      return options.askSendsImmediately
        ? { context, prompt: options.translate('page.prompts.ask'), sendNow: true }
        : { context, prompt: '', sendNow: false };
    case 'prompt': {
      const values: PromptValues = {
        ...ambientValues(options.locale),
        selection: selection.text,
        ...(selection.title ? { title: selection.title } : {}),
        ...(selection.url ? { url: selection.url } : {}),
      };
      const expanded = expandPrompt(intent.text, values);
      // A variable left unfilled (a menu prompt asking for {{page}}) stays in the composer for the user to see.
      if (options.quickActionSendsImmediately && !expanded.missing.length) {
        // A prompt that names no place for the selection gets it quoted, as a plain ask does.
        const quoted = !variablesIn(intent.text).includes('selection');
        return { ...(quoted ? { context } : {}), prompt: expanded.text, sendNow: true };
      }
      // Left in the composer, the selection is a chip, so rewriting the prompt cannot lose it; a {{selection}} kept
      // in the text is filled from the chip when the message goes (inlineSelection).
      const { selection: _chip, ...others } = values;
      return { context, prompt: expandPrompt(intent.text, others).text, sendNow: false };
    }
  }
}

/**
 * A message as it goes: a {{selection}} in its text is filled with the first selection among `blocks`, which then goes
 * inside the text rather than quoted beside it; any other text and blocks go as they are.
 */
export function inlineSelection(text: string, blocks: readonly ContextBlock[]): { text: string; blocks: ContextBlock[] } {
  const at = blocks.findIndex((b) => b.kind === 'selection');
  if (at < 0 || !variablesIn(text).includes('selection')) return { text, blocks: [...blocks] };
  return { text: expandPrompt(text, { selection: blocks[at]!.text }).text, blocks: blocks.filter((_, i) => i !== at) };
}
