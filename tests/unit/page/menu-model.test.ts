import { describe, expect, it } from 'vitest';
import {
  MENU_ROOT_IDS,
  QUICK_ACTIONS,
  intentOfMenuItem,
  isSelectionMenuItem,
  menuItems,
  type MenuLabel,
} from '../../../lib/page/menu-model';

const label = (key: MenuLabel) => `<${key}>`;

describe('selection menu model', () => {
  it('offers the ask item and a submenu of the four built-in quick actions', () => {
    const items = menuItems([], label);
    expect(items.map((i) => ('title' in i ? i.title : '—'))).toEqual([
      '<menuAsk>',
      '<menuQuickActions>',
      '<menuExplain>',
      '<menuSummarize>',
      '<menuTranslate>',
      '<menuFixGrammar>',
    ]);
    const parent = items[1]!.id;
    expect(items.slice(2).every((i) => i.parentId === parent)).toBe(true);
    expect(items[0]!.parentId).toBeUndefined();
    expect(MENU_ROOT_IDS).toEqual([items[0]!.id, parent]);
  });

  it('adds the saved prompts after a separator, skipping incomplete ones and escaping ampersands', () => {
    const items = menuItems(
      [
        { id: 'a', title: ' Rewrite & shorten ', prompt: 'Rewrite this shorter.' },
        { id: 'b', title: '', prompt: 'no title' },
        { id: 'c', title: 'No prompt', prompt: '  ' },
      ],
      label,
    );
    expect(items.slice(6).map((i) => ('type' in i ? i.type : i.title))).toEqual(['separator', 'Rewrite && shorten']);
  });

  it('adds no separator when there is no usable prompt', () => {
    expect(menuItems([{ id: 'b', title: '', prompt: '' }], label)).toHaveLength(6);
  });

  it('maps every item it builds back to its intent', () => {
    const prompts = [{ id: 'p1', title: 'Poem', prompt: 'Turn this into a poem.' }];
    const ids = menuItems(prompts, label).map((i) => i.id);
    expect(intentOfMenuItem(ids[0]!, prompts)).toEqual({ kind: 'ask' });
    expect(QUICK_ACTIONS.map((_, k) => intentOfMenuItem(ids[k + 2]!, prompts))).toEqual(
      QUICK_ACTIONS.map((action) => ({ kind: 'action', action })),
    );
    expect(intentOfMenuItem(ids.at(-1)!, prompts)).toEqual({ kind: 'custom', title: 'Poem', prompt: 'Turn this into a poem.' });
    expect(ids.every(isSelectionMenuItem)).toBe(true);
  });

  it('knows nothing of other features’ items, the submenu parent or deleted prompts', () => {
    const ids = menuItems([{ id: 'gone', title: 'Gone', prompt: 'x' }], label).map((i) => i.id);
    expect(intentOfMenuItem(ids.at(-1)!, [])).toBeUndefined();
    expect(intentOfMenuItem(ids[1]!, [])).toBeUndefined();
    expect(intentOfMenuItem('read-aloud', [])).toBeUndefined();
    expect(isSelectionMenuItem('read-aloud')).toBe(false);
    expect(isSelectionMenuItem(42)).toBe(false);
  });
});
