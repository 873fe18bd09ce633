import type { SpokenPage } from './spoken-page';
import { rangeOf } from './text-map';

/** Names in the page's CSS highlight registry; the styles live in HIGHLIGHT_CSS. */
const SENTENCE_HIGHLIGHT = 'parley-sentence';
const WORD_HIGHLIGHT = 'parley-word';

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
function highlightRegistry(): HighlightRegistry | undefined {
  return typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight === 'function' ? CSS.highlights : undefined;
}

/**
 * The sentence and word being read, painted with the CSS Custom Highlight
 * API under two names, so the text's DOM is never touched. Used on pages and
 * in the panel's answers; where there is no API it paints nothing.
 */
export class SpokenHighlights {
  constructor(private readonly names: { sentence: string; word: string }) {}

  get available(): boolean {
    return highlightRegistry() !== undefined;
  }

  /** A new sentence drops the last one's word; no range clears the sentence. */
  sentence(range: Range | undefined): void {
    const highlights = highlightRegistry();
    highlights?.delete(this.names.word);
    this.paint(highlights, this.names.sentence, range);
  }

  word(range: Range | undefined): void {
    this.paint(highlightRegistry(), this.names.word, range);
  }

  clear(): void {
    const highlights = highlightRegistry();
    highlights?.delete(this.names.sentence);
    highlights?.delete(this.names.word);
  }

  private paint(highlights: HighlightRegistry | undefined, name: string, range: Range | undefined): void {
    if (range) highlights?.set(name, new Highlight(range));
    else highlights?.delete(name);
  }
}

/**
 * Paints the sentence and word being read over the page's own text, and
 * keeps the sentence on screen as reading moves on.
 */
export class PageHighlighter {
  private readonly highlights = new SpokenHighlights({ sentence: SENTENCE_HIGHLIGHT, word: WORD_HIGHLIGHT });

  constructor(
    private readonly page: SpokenPage,
    private readonly view: Window,
  ) {}

  showSentence(index: number): void {
    const sentence = this.page.sentences[index];
    const range = sentence && rangeOf(this.page.map, sentence.start, sentence.end);
    this.highlights.sentence(range);
    if (range) this.keepInView(range);
  }

  /** `start` and `length` are offsets into sentence `index`. */
  showWord(index: number, start: number, length: number): void {
    const sentence = this.page.sentences[index];
    if (!this.highlights.available || !sentence) return;
    const from = sentence.start + start;
    this.highlights.word(rangeOf(this.page.map, from, Math.min(sentence.end, from + length)));
  }

  clear(): void {
    this.highlights.clear();
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
