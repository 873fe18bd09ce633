import { describe, expect, it } from 'vitest';
import type { SavedPrompt } from '../../../lib/core/prompts';
import { starterPrompts } from '../../../lib/prompts/bundled-starters';
import { MENU_ROOT_IDS, intentOfMenuItem, isSelectionMenuItem, menuItems, type MenuLabel } from '../../../lib/page/menu-model';

const label = (key: MenuLabel) => `<${key}>`;
const prompt = (id: string, title: string, text: string, inMenu = true): SavedPrompt => ({ id, title, text, inMenu });

describe('selection menu model', () => {
  it('offers the ask item and a submenu of the starter quick actions, in library order', async () => {
    const items = menuItems(starterPrompts('en-US'), label);
    expect(items.map((i) => i.title)).toEqual(['<menuAsk>', '<menuQuickActions>', 'Explain', 'Summarize', 'Translate', 'Fix grammar']);
    const parent = items[1]!.id;
    expect(items.slice(2).every((i) => i.parentId === parent)).toBe(true);
    expect(items[0]!.parentId).toBeUndefined();
    expect(MENU_ROOT_IDS).toEqual([items[0]!.id, parent]);
  });

  it('lists only the prompts marked for the menu, skipping incomplete ones and escaping ampersands', () => {
    const items = menuItems(
      [
        prompt('a', ' Rewrite & shorten ', 'Rewrite this shorter.'),
        prompt('b', '', 'no title'),
        prompt('c', 'No text', '  '),
        prompt('d', 'Slash only', 'Only from the composer', false),
      ],
      label,
    );
    expect(items.slice(2).map((i) => i.title)).toEqual(['Rewrite && shorten']);
  });

  it('leaves out the quick actions submenu when no prompt is in the menu', () => {
    expect(menuItems([prompt('d', 'Slash only', 'x', false)], label).map((i) => i.title)).toEqual(['<menuAsk>']);
  });

  it('maps every item it builds back to its intent, carrying the prompt as it was when clicked', () => {
    const prompts = [prompt('p1', 'Poem', 'Turn {{selection}} into a poem.'), prompt('p2', 'Haiku', 'A haiku.')];
    const ids = menuItems(prompts, label).map((i) => i.id);
    expect(intentOfMenuItem(ids[0]!, prompts)).toEqual({ kind: 'ask' });
    expect(intentOfMenuItem(ids[2]!, prompts)).toEqual({ kind: 'prompt', title: 'Poem', text: 'Turn {{selection}} into a poem.' });
    expect(intentOfMenuItem(ids[3]!, prompts)).toEqual({ kind: 'prompt', title: 'Haiku', text: 'A haiku.' });
    expect(ids.every(isSelectionMenuItem)).toBe(true);
  });

  it('knows nothing of other features’ items, the submenu parent or deleted prompts', () => {
    const ids = menuItems([prompt('gone', 'Gone', 'x')], label).map((i) => i.id);
    expect(intentOfMenuItem(ids.at(-1)!, [])).toBeUndefined();
    expect(intentOfMenuItem(ids[1]!, [])).toBeUndefined();
    expect(intentOfMenuItem('read-aloud', [])).toBeUndefined();
    expect(isSelectionMenuItem('read-aloud')).toBe(false);
    expect(isSelectionMenuItem(42)).toBe(false);
  });
});
