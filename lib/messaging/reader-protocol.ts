/**
 * Reading pages aloud. The background owns the reading session and speaks;
 * the content script in the page maps sentences to the page's text and draws
 * the highlight. Panel <-> background uses requests and broadcasts; background
 * <-> page uses one port per reading, whose end is the end of the reading.
 */
import type { ChatError } from '../core/errors';
import type { ReadingStatus } from '../reader/session';
import type { ControlLabels } from '../reader/control-labels';
import type { ReadFrom } from '../reader/menu';

export interface ReaderState {
  status: ReadingStatus;
  /** Sentence being read (or to resume at), counted from 0. */
  index: number;
  /** Sentences in the reading; 0 when idle. */
  total: number;
  /** Text of sentence `index`; '' when idle. */
  text: string;
  rate: number;
  /** Tab being read. */
  tabId?: number;
  /** Why the last reading could not start or broke off. */
  error?: ChatError;
}

export type ReaderCommand =
  | { action: 'pause' }
  | { action: 'resume' }
  | { action: 'stop' }
  | { action: 'previous' }
  | { action: 'next' }
  | { action: 'jump'; index: number }
  | { action: 'rate'; rate: number };

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

export type BackgroundToPage =
  /** Find the readable text; answer with `prepared`. `labels`: the control's words, in Parley's language. */
  | { type: 'prepare'; from: ReadFrom; labels?: ControlLabels }
  /** Highlight sentence `index` and show the status in the page's control. */
  | { type: 'show'; status: ReadingStatus; index: number; total: number; rate: number }
  /** Highlight a word: offsets into sentence `index`. */
  | { type: 'word'; index: number; start: number; length: number }
  /** Reading is over: remove every trace from the page. */
  | { type: 'end' };

export type PageToBackground =
  | { type: 'prepared'; sentences: string[]; start: number; lang: string }
  /** From the page's floating control, or a click on a sentence. */
  | { type: 'command'; command: ReaderCommand };
