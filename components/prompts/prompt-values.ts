import type { i18n as I18n } from 'i18next';
import { request } from '../../lib/messaging/client';
import { ambientValues } from '../../lib/page/ask-prompt';
import { trimToBudget } from '../../lib/page/trim';
import { variablesIn, type PromptValues } from '../../lib/prompts/variables';
import { readActivePage } from '../page/read-active-page';

/**
 * The values a prompt's text asks for, read from the tab the panel's window shows: the selection, the page (trimmed
 * to the budget "Use this page" has, keeping what best matches the prompt), its address and title. Only what the
 * text uses is read; what cannot be read is left out, and the expansion names it.
 */
export async function promptValues(text: string, input: string, windowId: number | undefined, i18n: I18n): Promise<PromptValues> {
  const used = new Set(variablesIn(text));
  const values: PromptValues = { ...ambientValues(i18n.language), input };
  if (windowId === undefined) return values;
  if (used.has('selection')) {
    const handOff = await request('page.selection', { windowId, intent: { kind: 'ask' } }).catch(() => null);
    if (handOff?.selection) {
      values.selection = handOff.selection.text;
      values.title = handOff.selection.title;
      values.url = handOff.selection.url;
    }
  }
  if (used.has('page') || ((used.has('url') || used.has('title')) && !values.url)) {
    const page = await readActivePage(windowId, [i18n.language, ...navigator.languages]);
    if (page.ok) {
      values.title = page.block.title;
      values.url = page.block.url;
      if (used.has('page')) values.page = trimToBudget(page.block.text, `${text}\n${input}`);
    }
  }
  return values;
}
