/** The variables a prompt's text may use, each written `{{name}}`. */
export const PROMPT_VARIABLES = ['selection', 'page', 'url', 'title', 'language', 'date', 'input'] as const;
export type PromptVariable = (typeof PROMPT_VARIABLES)[number];

export type PromptValues = Partial<Record<PromptVariable, string>>;

export interface ExpandedPrompt {
  text: string;
  /** Variables the text uses that had no value: they stay in the text as written, and the composer names them. */
  missing: PromptVariable[];
}

/** `{{ name }}` with optional inner spaces, the way people type it. */
const VARIABLE = /\{\{\s*([a-z]+)\s*\}\}/g;

const isVariable = (name: string): name is PromptVariable => (PROMPT_VARIABLES as readonly string[]).includes(name);

/** The known variables `text` uses, in order of first use. */
export function variablesIn(text: string): PromptVariable[] {
  const found = new Set<PromptVariable>();
  for (const [, name] of text.matchAll(VARIABLE)) if (isVariable(name!)) found.add(name);
  return [...found];
}

/**
 * Fills in the variables in one pass over the prompt's own text, so braces inside a value (a selection quoting
 * `{{input}}`, say) are inserted as they are and never expanded in turn. A variable with no value, or only
 * whitespace, is left as written and reported; an unknown `{{name}}` is ordinary text.
 */
export function expandPrompt(text: string, values: PromptValues): ExpandedPrompt {
  const missing = new Set<PromptVariable>();
  const expanded = text.replace(VARIABLE, (written, name: string) => {
    if (!isVariable(name)) return written;
    const value = values[name];
    if (value === undefined || !value.trim()) {
      missing.add(name);
      return written;
    }
    return value;
  });
  return { text: expanded, missing: [...missing] };
}

/**
 * A prompt chosen with text after its command ("/rewrite this sentence"): that text fills `{{input}}`, or, when the
 * prompt has no place for it, follows the prompt on its own paragraph so nothing the user typed is lost.
 */
export function expandWithInput(text: string, values: PromptValues): ExpandedPrompt {
  const input = values.input?.trim() ?? '';
  if (variablesIn(text).includes('input')) return expandPrompt(text, { ...values, input });
  const expanded = expandPrompt(text, values);
  return input ? { ...expanded, text: `${expanded.text.trimEnd()}\n\n${input}` } : expanded;
}
