import type { SavedPrompt } from '../core/prompts';

/** What the user asked for when handing text to the panel. */
export type AskIntent =
  | { kind: 'ask' }
  /** The prompt travels with the intent: the user may edit or delete it before the panel opens. */
  | { kind: 'prompt'; title: string; text: string };

/** Names of the browser-localised menu titles (public/_locales); the caller looks them up. */
export type MenuLabel = 'menuAsk' | 'menuQuickActions';

export type MenuItemSpec = { id: string; parentId?: string; title: string };

const PREFIX = 'parley.selection.';
const ASK_MENU_ID = `${PREFIX}ask`;
const ACTIONS_MENU_ID = `${PREFIX}actions`;
const PROMPT_PREFIX = `${PREFIX}prompt.`;

/** The top-level items; removing them removes the whole menu, and nothing other features added. */
export const MENU_ROOT_IDS = [ASK_MENU_ID, ACTIONS_MENU_ID] as const;

/**
 * The preferences the menu is built from: the prompt library, and the interface language its starter set follows
 * until the user changes the library. A change to one, wherever it is made, rebuilds the menu.
 */
export const MENU_PREFS: readonly string[] = ['prompts', 'locale'];

/** Whether a clicked item belongs to this menu (other features add items of their own). */
export function isSelectionMenuItem(menuItemId: string | number): boolean {
  return String(menuItemId).startsWith(PREFIX);
}

const usable = (p: SavedPrompt) => p.inMenu && p.title.trim() && p.text.trim();

/**
 * The selection menu: "Ask Parley about “…”" and a submenu of quick actions, the library's prompts marked for the
 * menu in the library's order (no submenu when there are none). All items show on selected text only (the caller
 * creates them with the selection context).
 */
export function menuItems(prompts: readonly SavedPrompt[], label: (key: MenuLabel) => string): MenuItemSpec[] {
  const items: MenuItemSpec[] = [{ id: ASK_MENU_ID, title: label('menuAsk') }];
  const inMenu = prompts.filter(usable);
  if (!inMenu.length) return items;
  items.push({ id: ACTIONS_MENU_ID, title: label('menuQuickActions') });
  // "&" marks an access key in menu titles; doubled, it shows as itself.
  for (const p of inMenu)
    items.push({ id: `${PROMPT_PREFIX}${p.id}`, parentId: ACTIONS_MENU_ID, title: p.title.trim().replaceAll('&', '&&') });
  return items;
}

/** The intent behind a clicked menu item, or undefined for an item that is not Parley's (or a prompt since deleted). */
export function intentOfMenuItem(menuItemId: string | number, prompts: readonly SavedPrompt[]): AskIntent | undefined {
  const id = String(menuItemId);
  if (id === ASK_MENU_ID) return { kind: 'ask' };
  if (!id.startsWith(PROMPT_PREFIX)) return undefined;
  const prompt = prompts.find((p) => p.id === id.slice(PROMPT_PREFIX.length));
  return prompt ? { kind: 'prompt', title: prompt.title, text: prompt.text } : undefined;
}
