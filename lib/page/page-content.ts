/**
 * What the page-text extractor hands back. Shared by the background (which
 * injects it), the content script (which extracts) and the panel (which shows).
 * ("Reader" in Parley means read-aloud only: lib/reader.)
 */

/** Where the text came from: the article Readability found, the visible text, a video's captions or a PDF. */
export type PageTextSource = 'article' | 'visible' | 'captions' | 'pdf';

export interface PageText {
  title: string;
  url: string;
  text: string;
  source: PageTextSource;
}

export type PageReadResult =
  | { kind: 'page'; page: PageText }
  /** The tab shows a PDF; its bytes are fetched and parsed by the panel, which can load pdf.js. */
  | { kind: 'pdf'; title: string; url: string }
  /** The browser does not let extensions script this page (chrome://, the Web Store, other extensions). */
  | { kind: 'restricted'; url?: string }
  | { kind: 'empty'; title: string; url: string };

export interface SelectionSnapshot {
  text: string;
  /** Whether the frame's document had focus: the shortcut prefers the focused frame's selection. */
  focused: boolean;
}

/** A caption track as YouTube's player lists it, narrowed to what the reader needs. */
export interface CaptionTrack {
  baseUrl: string;
  languageCode: string;
  /** Automatic speech recognition rather than captions written by a person. */
  generated: boolean;
}

export interface PageReadOptions {
  /** The current video's caption tracks, read from the page's own script world. */
  captions?: CaptionTrack[];
  /** Preferred caption languages, best first (the interface language, then the browser's). */
  languages: string[];
}

/**
 * The page-text bundle installs this object on the isolated world's global, so
 * later injections can call it with arguments (a bundle file cannot take any).
 */
export const PAGE_TEXT_GLOBAL = '__parleyPageText';

export interface PageTextApi {
  selection(): SelectionSnapshot;
  page(options: PageReadOptions): Promise<PageReadResult>;
}

/**
 * Upper bound on what the extractor returns. The text is trimmed to the model's
 * budget only when the question is known; this keeps a huge page from
 * flooding the messages and the panel's memory before that.
 */
export const MAX_READ_CHARS = 400_000;
