/** A reading's state and commands, and what the background and the page's content script say to each other about it. */
import type { ChatError } from '../core/errors';
import { isRecord } from '../storage/repair';
import type { ControlLabels } from './control-labels';
import type { ReadFrom } from './menu';
import type { ReadingStatus } from './session';

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

export type BackgroundToPage =
  /** Find the readable text; answer with `prepared`. `labels`: the control's words, in Parley's language. */
  | { type: 'prepare'; from: ReadFrom; labels?: ControlLabels }
  /** Highlight sentence `index` and show the status in the page's control; `progress` is "3 / 12" in the control's language. */
  | { type: 'show'; status: ReadingStatus; index: number; total: number; rate: number; progress: string }
  /** Highlight a word: offsets into sentence `index`. */
  | { type: 'word'; index: number; start: number; length: number }
  /** Reading is over: remove every trace from the page. */
  | { type: 'end' };

export type PageToBackground =
  | { type: 'prepared'; sentences: string[]; start: number; lang: string }
  /** From the page's floating control, or a click on a sentence. */
  | { type: 'command'; command: ReaderCommand };

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

function isReaderCommand(value: unknown): value is ReaderCommand {
  if (!isRecord(value)) return false;
  switch (value.action) {
    case 'pause':
    case 'resume':
    case 'stop':
    case 'previous':
    case 'next':
      return true;
    case 'jump':
      return isCount(value.index);
    case 'rate':
      return typeof value.rate === 'number' && Number.isFinite(value.rate);
    default:
      return false;
  }
}

/** What the page's content script posted, checked: the page's renderer may be compromised, so nothing is taken on trust. */
export function isPageToBackground(value: unknown): value is PageToBackground {
  if (!isRecord(value)) return false;
  if (value.type === 'command') return isReaderCommand(value.command);
  return (
    value.type === 'prepared' &&
    Array.isArray(value.sentences) &&
    value.sentences.every((s) => typeof s === 'string') &&
    isCount(value.start) &&
    typeof value.lang === 'string'
  );
}
