import type { SpokenPage } from './spoken-page';
import { rangeOf } from './text-map';

/** Names in the page's CSS highlight registry; the styles live in HIGHLIGHT_CSS. */
export const SENTENCE_HIGHLIGHT = 'parley-sentence';
export const WORD_HIGHLIGHT = 'parley-word';

/**
 * Injected into the page as a stylesheet by the background (no element is
 * added). ::highlight() takes colours only; both pairs keep text readable on
 * light and dark pages alike.
 */
export const HIGHLIGHT_CSS = `
::highlight(${SENTENCE_HIGHLIGHT}) { background-color: rgb(255 214 10 / 0.35); }
::highlight(${WORD_HIGHLIGHT}) { background-color: rgb(255 170 0 / 0.9); color: #111; }
`;

/** CSS Custom Highlight API: Chromium 105+, Safari 17.2+, Firefox 140+. */
export function highlightRegistry(): HighlightRegistry | undefined {
  return typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight === 'function' ? CSS.highlights : undefined;
}

/**
 * Paints the sentence and word being read over the page's own text with the
 * CSS Custom Highlight API, so the page's DOM is never touched, and keeps the
 * sentence on screen as reading moves on.
 */
export class PageHighlighter {
  constructor(
    private readonly page: SpokenPage,
    private readonly view: Window,
  ) {}

  showSentence(index: number): void {
    const highlights = highlightRegistry();
    highlights?.delete(WORD_HIGHLIGHT);
    const sentence = this.page.sentences[index];
    const range = sentence && rangeOf(this.page.map, sentence.start, sentence.end);
    if (!range) {
      highlights?.delete(SENTENCE_HIGHLIGHT);
      return;
    }
    highlights?.set(SENTENCE_HIGHLIGHT, new Highlight(range));
    this.keepInView(range);
  }

  /** `start` and `length` are offsets into sentence `index`. */
  showWord(index: number, start: number, length: number): void {
    const highlights = highlightRegistry();
    const sentence = this.page.sentences[index];
    if (!highlights || !sentence) return;
    const from = sentence.start + start;
    const range = rangeOf(this.page.map, from, Math.min(sentence.end, from + length));
    if (range) highlights.set(WORD_HIGHLIGHT, new Highlight(range));
    else highlights.delete(WORD_HIGHLIGHT);
  }

  clear(): void {
    const highlights = highlightRegistry();
    highlights?.delete(SENTENCE_HIGHLIGHT);
    highlights?.delete(WORD_HIGHLIGHT);
  }

  private keepInView(range: Range): void {
    if (typeof range.getBoundingClientRect !== 'function') return;
    const rect = range.getBoundingClientRect();
    const height = this.view.innerHeight;
    if (rect.top >= 0 && rect.bottom <= height) return;
    const behavior: ScrollBehavior = this.view.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
    const container = range.startContainer.parentElement;
    // A short block is centred through its own element, which also scrolls any inner scroller;
    // inside a block taller than the screen that could leave the sentence off-screen.
    if (container && container.getBoundingClientRect().height < height * 0.8) {
      container.scrollIntoView({ block: 'center', behavior });
    } else {
      this.view.scrollBy({ top: rect.top - height / 3, behavior });
    }
  }
}
