/**
 * Reading pages aloud. The background owns the reading session and speaks;
 * the content script in the page maps sentences to the page's text and draws
 * the highlight. Panel <-> background uses requests and broadcasts; background
 * <-> page uses one port per reading, whose end is the end of the reading.
 */
import type { ReaderCommand, ReaderState } from '../reader/reading-messages';

export type { BackgroundToPage, PageToBackground, ReaderCommand, ReaderState } from '../reader/reading-messages';
export { isPageToBackground } from '../reader/reading-messages';

export interface ReaderRequests {
  /** The current reading, for a panel opened mid-reading. */
  'reader.state': { req: Record<string, never>; res: ReaderState };
  /** Reads the active tab of the panel's window from the top. */
  'reader.start': { req: { windowId?: number }; res: ReaderState };
  'reader.control': { req: ReaderCommand; res: ReaderState };
}

export type ReaderEvent = { type: 'reader.state'; state: ReaderState };

/** Port the background opens to the read-aloud content script with chrome.tabs.connect. */
export const READER_PORT = 'parley.reader';
