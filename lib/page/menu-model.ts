import type { CustomPrompt } from '../storage/prefs';

export const QUICK_ACTIONS = ['explain', 'summarize', 'translate', 'fixGrammar'] as const;
export type QuickAction = (typeof QUICK_ACTIONS)[number];

/** What the user asked for when handing text to the panel. */
export type AskIntent =
  | { kind: 'ask' }
  | { kind: 'action'; action: QuickAction }
  /** The prompt travels with the intent: the user may edit or delete it before the panel opens. */
  | { kind: 'custom'; title: string; prompt: string };

/** Names of the browser-localised menu titles (public/_locales); the caller looks them up. */
export type MenuLabel = 'menuAsk' | 'menuQuickActions' | 'menuExplain' | 'menuSummarize' | 'menuTranslate' | 'menuFixGrammar';

const ACTION_LABELS: Record<QuickAction, MenuLabel> = {
  explain: 'menuExplain',
  summarize: 'menuSummarize',
  translate: 'menuTranslate',
  fixGrammar: 'menuFixGrammar',
};

export type MenuItemSpec = { id: string; parentId?: string; title: string } | { id: string; parentId: string; type: 'separator' };

const PREFIX = 'parley.selection.';
const ASK_MENU_ID = `${PREFIX}ask`;
const ACTIONS_MENU_ID = `${PREFIX}actions`;
const ACTION_PREFIX = `${PREFIX}action.`;
const CUSTOM_PREFIX = `${PREFIX}prompt.`;

/** The top-level items; removing them removes the whole menu, and nothing other features added. */
export const MENU_ROOT_IDS = [ASK_MENU_ID, ACTIONS_MENU_ID] as const;

/** Whether a clicked item belongs to this menu (other features add items of their own). */
export function isSelectionMenuItem(menuItemId: string | number): boolean {
  return String(menuItemId).startsWith(PREFIX);
}

/**
 * The selection menu: "Ask Parley about “…”" and a submenu of quick actions,
 * the built-in ones then the user's own prompts. All items show on selected
 * text only (the caller creates them with the selection context).
 */
export function menuItems(prompts: readonly CustomPrompt[], label: (key: MenuLabel) => string): MenuItemSpec[] {
  const items: MenuItemSpec[] = [
    { id: ASK_MENU_ID, title: label('menuAsk') },
    { id: ACTIONS_MENU_ID, title: label('menuQuickActions') },
    ...QUICK_ACTIONS.map((action) => ({ id: `${ACTION_PREFIX}${action}`, parentId: ACTIONS_MENU_ID, title: label(ACTION_LABELS[action]) })),
  ];
  const usable = prompts.filter((p) => p.title.trim() && p.prompt.trim());
  if (usable.length) {
    items.push({ id: `${PREFIX}separator`, parentId: ACTIONS_MENU_ID, type: 'separator' });
    // "&" marks an access key in menu titles; doubled, it shows as itself.
    for (const p of usable)
      items.push({ id: `${CUSTOM_PREFIX}${p.id}`, parentId: ACTIONS_MENU_ID, title: p.title.trim().replaceAll('&', '&&') });
  }
  return items;
}

/** The intent behind a clicked menu item, or undefined for an item that is not Parley's (or a prompt since deleted). */
export function intentOfMenuItem(menuItemId: string | number, prompts: readonly CustomPrompt[]): AskIntent | undefined {
  const id = String(menuItemId);
  if (id === ASK_MENU_ID) return { kind: 'ask' };
  if (id.startsWith(ACTION_PREFIX)) {
    const action = QUICK_ACTIONS.find((a) => a === id.slice(ACTION_PREFIX.length));
    return action ? { kind: 'action', action } : undefined;
  }
  if (id.startsWith(CUSTOM_PREFIX)) {
    const prompt = prompts.find((p) => p.id === id.slice(CUSTOM_PREFIX.length));
    return prompt ? { kind: 'custom', title: prompt.title, prompt: prompt.prompt } : undefined;
  }
  return undefined;
}
