import type { ContextBlock } from '../core/conversation';
import { SUPPORTED_LOCALES } from '../speech/locales';
import type { HandOff } from './hand-off';
import type { QuickAction } from './menu-model';

/** i18n keys of the model-facing prompts, so they follow the interface language. */
export type PromptKey = 'page.prompts.ask' | `page.prompts.${QuickAction}`;

export interface ComposeOptions {
  quickActionSendsImmediately: boolean;
  askSendsImmediately: boolean;
  /** The interface locale, e.g. de-DE: "Translate into my language" means into this one. */
  locale: string;
  translate(key: PromptKey, values?: Record<string, string>): string;
}

export interface ComposedAsk {
  context: ContextBlock;
  /** The message to send or to leave in the composer; empty when the user is to write it. */
  prompt: string;
  sendNow: boolean;
}

/** A language named in itself ("Deutsch", "日本語"), which is how its speakers recognise it. */
export function languageName(locale: string): string {
  return SUPPORTED_LOCALES.find((l) => l.code === locale)?.nativeName ?? locale;
}

/**
 * The interface language as its speakers name it, for "Translate this page
 * into Deutsch": the language alone, except Chinese, named by its script
 * (简体中文, 繁體中文), which is what tells its two locales apart.
 */
export function displayLanguageName(locale: string): string {
  try {
    const parsed = new Intl.Locale(locale).maximize();
    const code = parsed.language === 'zh' ? `zh-${parsed.script}` : parsed.language;
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(code);
    // Without locale data the code comes back as is.
    return name && name !== code ? name : languageName(locale);
  } catch {
    return languageName(locale);
  }
}

/** Turns a hand-off into the quoted selection and the message that goes with it; undefined when nothing was selected. */
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
    case 'action':
      return {
        context,
        prompt: options.translate(`page.prompts.${intent.action}`, { language: languageName(options.locale) }),
        sendNow: options.quickActionSendsImmediately,
      };
    case 'custom':
      return { context, prompt: intent.prompt, sendNow: options.quickActionSendsImmediately };
  }
}
