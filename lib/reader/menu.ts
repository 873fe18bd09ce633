/** Ids of the read-aloud context-menu items; the click handler only answers to these. */
export const READ_PAGE_MENU_ID = 'parley-read-page-aloud';
export const READ_FROM_HERE_MENU_ID = 'parley-read-aloud-from-here';

export type MenuContext = 'page' | 'selection';

export interface ReadAloudMenuItem {
  id: string;
  /** Key in public/_locales, so the browser shows the menu in its own language. */
  titleKey: string;
  contexts: [MenuContext, ...MenuContext[]];
}

export const READ_ALOUD_MENU_ITEMS: readonly ReadAloudMenuItem[] = [
  { id: READ_PAGE_MENU_ID, titleKey: 'menuReadPageAloud', contexts: ['page', 'selection'] },
  { id: READ_FROM_HERE_MENU_ID, titleKey: 'menuReadAloudFromHere', contexts: ['page', 'selection'] },
];

/** Where to start reading: the top of the text, or the point the user right-clicked (or selected). */
export type ReadFrom = 'start' | 'point';

export interface ReadTarget {
  tabId: number;
  /** The frame whose text is read. */
  frameId: number;
  from: ReadFrom;
}

export interface MenuClick {
  menuItemId: string | number;
  frameId?: number;
}

/**
 * What a context-menu click asks for, or undefined when the item is not one
 * of ours or the click came from outside a tab (Chrome reports tab id -1 for
 * e.g. the PDF viewer's inner frame). "Read page aloud" reads the top frame
 * even from a right-click inside an iframe; "from here" reads the frame that
 * was clicked, where the pointer position was recorded.
 */
export function readAloudMenuAction(info: MenuClick, tab: { id?: number } | undefined): ReadTarget | undefined {
  const tabId = tab?.id;
  if (tabId === undefined || tabId < 0) return undefined;
  if (info.menuItemId === READ_PAGE_MENU_ID) return { tabId, frameId: 0, from: 'start' };
  if (info.menuItemId === READ_FROM_HERE_MENU_ID) return { tabId, frameId: info.frameId ?? 0, from: 'point' };
  return undefined;
}
