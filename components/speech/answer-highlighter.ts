import { highlightRegistry } from '../../lib/reader/highlighter';
import { buildTextMap, rangeOf, type TextMap } from '../../lib/reader/text-map';
import { locateText, type TextSpan } from '../../lib/speech/locate-text';
import type { Sentence } from '../../lib/speech/sentences';

/** Names in the panel's highlight registry; speech.css styles them. */
const ANSWER_SENTENCE_HIGHLIGHT = 'parley-answer-sentence';
const ANSWER_WORD_HIGHLIGHT = 'parley-answer-word';

/** Code blocks are not read aloud, so their text is not searched either. */
const notCode = (node: Text) => !node.parentElement?.closest('pre');

/**
 * Marks the sentence and word being spoken in the rendered answer with the
 * CSS Custom Highlight API. The answer may still be rendering, so the text
 * is mapped afresh each time and the sentence found by its characters,
 * searching on from where the previous one was.
 */
export class AnswerHighlighter {
  private from = 0;
  private current: { sentence: Sentence; map: TextMap; span: TextSpan } | undefined;

  constructor(private readonly root: () => Element | null | undefined) {}

  showSentence(sentence: Sentence): void {
    const highlights = highlightRegistry();
    highlights?.delete(ANSWER_WORD_HIGHLIGHT);
    const found = this.find(sentence);
    const range = found && rangeOf(found.map, found.span.start, found.span.end);
    if (!found || !range) {
      highlights?.delete(ANSWER_SENTENCE_HIGHLIGHT);
      this.current = undefined;
      return;
    }
    this.current = { sentence, ...found };
    this.from = found.span.start;
    highlights?.set(ANSWER_SENTENCE_HIGHLIGHT, new Highlight(range));
    range.startContainer.parentElement?.scrollIntoView?.({ block: 'nearest' });
  }

  /** `start` and `length` are offsets into the sentence being spoken. */
  showWord(sentence: Sentence, start: number, length: number): void {
    const highlights = highlightRegistry();
    if (!highlights || this.current?.sentence !== sentence) return;
    // The renderer may have replaced the nodes since the sentence was found.
    if (!this.current.map.segments[0]?.node.isConnected) {
      const found = this.find(sentence);
      if (!found) return;
      this.current = { sentence, ...found };
    }
    const { map, span } = this.current;
    const range = rangeOf(map, span.at(start), span.at(start + length - 1) + 1);
    if (range) highlights.set(ANSWER_WORD_HIGHLIGHT, new Highlight(range));
    else highlights.delete(ANSWER_WORD_HIGHLIGHT);
  }

  clear(): void {
    const highlights = highlightRegistry();
    highlights?.delete(ANSWER_SENTENCE_HIGHLIGHT);
    highlights?.delete(ANSWER_WORD_HIGHLIGHT);
    this.current = undefined;
  }

  private find(sentence: Sentence): { map: TextMap; span: TextSpan } | undefined {
    const root = this.root();
    if (!root) return undefined;
    const map = buildTextMap(root, { accept: notCode });
    const span = locateText(map.text, sentence.text, this.from) ?? locateText(map.text, sentence.text);
    return span && { map, span };
  }
}
