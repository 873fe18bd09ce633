import { SpokenHighlights } from '../../lib/reader/highlighter';
import { buildTextMap, rangeOf, type TextMap } from '../../lib/reader/text-map';
import { locateText, type TextSpan } from '../../lib/speech/locate-text';
import type { Sentence } from '../../lib/speech/sentences';

/** Code blocks are not read aloud, so their text is not searched either. */
const notCode = (node: Text) => !node.parentElement?.closest('pre');

/**
 * Marks the sentence and word being spoken in the rendered answer. Unlike a
 * page's, whose text is mapped once, the answer may still be rendering, so the text
 * is mapped afresh each time and the sentence found by its characters,
 * searching on from where the previous one was.
 */
export class AnswerHighlighter {
  private from = 0;
  private current: { sentence: Sentence; map: TextMap; span: TextSpan } | undefined;
  /** speech.css styles these names. */
  private readonly highlights = new SpokenHighlights({ sentence: 'parley-answer-sentence', word: 'parley-answer-word' });

  constructor(private readonly root: () => Element | null | undefined) {}

  showSentence(sentence: Sentence): void {
    const found = this.find(sentence);
    const range = found && rangeOf(found.map, found.span.start, found.span.end);
    this.highlights.sentence(range);
    if (!found || !range) {
      this.current = undefined;
      return;
    }
    this.current = { sentence, ...found };
    this.from = found.span.start;
    range.startContainer.parentElement?.scrollIntoView?.({ block: 'nearest' });
  }

  /** `start` and `length` are offsets into the sentence being spoken. */
  showWord(sentence: Sentence, start: number, length: number): void {
    if (!this.highlights.available || this.current?.sentence !== sentence) return;
    // The renderer may have replaced the nodes since the sentence was found.
    if (!this.current.map.segments[0]?.node.isConnected) {
      const found = this.find(sentence);
      if (!found) return;
      this.current = { sentence, ...found };
    }
    const { map, span } = this.current;
    this.highlights.word(rangeOf(map, span.at(start), span.at(start + length - 1) + 1));
  }

  clear(): void {
    this.highlights.clear();
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
