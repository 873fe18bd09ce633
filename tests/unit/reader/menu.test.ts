import { describe, expect, it } from 'vitest';
import { READ_ALOUD_MENU_ITEMS, READ_FROM_HERE_MENU_ID, READ_PAGE_MENU_ID, readAloudMenuAction } from '../../../lib/reader/menu';

describe('readAloudMenuAction', () => {
  const tab = { id: 7 };

  it('reads the top frame from the start for "Read page aloud", even from inside an iframe', () => {
    expect(readAloudMenuAction({ menuItemId: READ_PAGE_MENU_ID, frameId: 0 }, tab)).toEqual({ tabId: 7, frameId: 0, from: 'start' });
    expect(readAloudMenuAction({ menuItemId: READ_PAGE_MENU_ID, frameId: 3 }, tab)).toEqual({ tabId: 7, frameId: 0, from: 'start' });
  });

  it('reads the clicked frame from the pointer for "Read aloud from here"', () => {
    expect(readAloudMenuAction({ menuItemId: READ_FROM_HERE_MENU_ID, frameId: 3 }, tab)).toEqual({ tabId: 7, frameId: 3, from: 'point' });
    expect(readAloudMenuAction({ menuItemId: READ_FROM_HERE_MENU_ID }, tab)).toEqual({ tabId: 7, frameId: 0, from: 'point' });
  });

  it('ignores other features’ items and clicks outside a tab', () => {
    expect(readAloudMenuAction({ menuItemId: 'parley-ask-selection', frameId: 0 }, tab)).toBeUndefined();
    expect(readAloudMenuAction({ menuItemId: READ_PAGE_MENU_ID }, undefined)).toBeUndefined();
    expect(readAloudMenuAction({ menuItemId: READ_PAGE_MENU_ID }, { id: -1 })).toBeUndefined();
  });

  it('offers both items on pages and on selections', () => {
    expect(READ_ALOUD_MENU_ITEMS.map((i) => [i.id, i.contexts])).toEqual([
      [READ_PAGE_MENU_ID, ['page', 'selection']],
      [READ_FROM_HERE_MENU_ID, ['page', 'selection']],
    ]);
  });
});
