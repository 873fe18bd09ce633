import { splitSentences, type Sentence } from '../speech/sentences';
import { findReadableContent } from './readable-twins';
import { buildTextMap, indexAtPoint, segmentOf, type TextMap } from './text-map';

/** Below this, Readability has likely picked a fragment (a caption, a cookie banner) rather than the article. */
const MIN_ARTICLE_CHARS = 200;

export interface SpokenPage {
  map: TextMap;
  /** Offsets are into map.text. */
  sentences: Sentence[];
}

/** The page's readable text as sentences that map back to live DOM text. */
export function readSpokenPage(doc: Document, locale?: string): SpokenPage {
  const { root, accept } = findReadableContent(doc);
  let map = buildTextMap(root, { accept });
  if (map.text.length < MIN_ARTICLE_CHARS && doc.body && root !== doc.body) {
    const whole = buildTextMap(doc.body);
    if (whole.text.length > map.text.length) map = whole;
  }
  return { map, sentences: splitSentences(map.text, { locale }) };
}

/** The sentence holding text index `index`, else the first one after it; -1 when none follows. */
export function sentenceIndexAt(sentences: readonly Sentence[], index: number): number {
  let lo = 0;
  let hi = sentences.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sentences[mid]!.end <= index) lo = mid + 1;
    else hi = mid;
  }
  return lo < sentences.length ? lo : -1;
}

/** The sentence at a DOM point, e.g. under the pointer; -1 when the point is past all read text. */
export function sentenceAtPoint(page: SpokenPage, node: Node, offset: number): number {
  const index = indexAtPoint(page.map, node, offset);
  return index === undefined ? -1 : sentenceIndexAt(page.sentences, index);
}

/** The sentence whose text holds a DOM point, e.g. a click; -1 for a point between sentences or in text that is not read. */
export function sentenceUnderPoint(page: SpokenPage, node: Node, offset: number): number {
  if (!segmentOf(page.map, node)) return -1;
  const index = indexAtPoint(page.map, node, offset);
  if (index === undefined) return -1;
  const found = sentenceIndexAt(page.sentences, index);
  const sentence = page.sentences[found];
  // A caret just after a sentence's last character is still on that sentence.
  if (sentence && index >= sentence.start) return found;
  const previous = (found === -1 ? page.sentences.length : found) - 1;
  return page.sentences[previous]?.end === index ? previous : -1;
}
