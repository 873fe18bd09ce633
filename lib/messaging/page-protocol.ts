/** Requests and broadcasts for the page journeys: selection hand-off and page context. */
import type { HandOff } from '../page/hand-off';
import type { AskIntent } from '../page/menu-model';
import type { PageReadResult } from '../page/page-content';

export interface PageRequests {
  /**
   * The panel of `windowId` is ready (or heard `page.handoff`): take the
   * selection waiting for it, if any. Exclusive: only one caller gets it.
   */
  'page.takeHandOff': { req: { windowId: number }; res: HandOff | null };
  /** Reads the active tab of `windowId`; `languages` rank caption tracks, best first. */
  'page.read': { req: { windowId: number; languages: string[] }; res: PageReadResult };
  /** The selection on the active tab of `windowId`, as a hand-off with `intent` (the empty chat's "Explain the selection"). */
  'page.selection': { req: { windowId: number; intent: AskIntent }; res: HandOff };
  /** Rebuilds the selection menu from the saved prompts (waking the worker if it slept through the change). */
  'page.refreshMenus': { req: Record<string, never>; res: null };
}

/** A selection is waiting for the panel of `windowId`. */
export type PageEvent = { type: 'page.handoff'; windowId: number };
