import type { StoredMessage } from '../../lib/core/conversation';

/**
 * A rough height for a message, erring low (narrow characters, tight lines, no images) so that the messages
 * it picks fill the panel rather than fall short of it. The design's text is 14 px with about 21 px lines.
 */
const CHAR_PX = 6;
const LINE_PX = 20;
/** A message's padding and the gap before the next one. */
const MESSAGE_PX = 24;
/** The log's own padding at either side. */
const LOG_INLINE_PX = 24;

function estimatedHeight(message: StoredMessage, width: number): number {
  const perLine = Math.max(1, Math.floor((width - LOG_INLINE_PX) / CHAR_PX));
  const lines = message.content.split('\n').reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / perLine)), 0);
  return MESSAGE_PX + lines * LINE_PX;
}

/**
 * The latest messages that fill a panel of this size. A conversation's first paint renders only these: the rest
 * sit above the view and follow a moment later, as a long conversation's earlier messages do. Rendering all 20
 * first read cost about a third of the first render (markdown parsed, sanitised and laid out unseen).
 */
export function fillingScreen(messages: readonly StoredMessage[], viewport = windowSize()): StoredMessage[] {
  if (!viewport) return [...messages];
  let height = 0;
  let first = messages.length;
  // At least the latest: a panel not laid out yet (a side panel still opening) measures 0 px.
  while (first > 0 && (first === messages.length || height < viewport.height)) {
    height += estimatedHeight(messages[--first]!, viewport.width);
  }
  return messages.slice(first);
}

/** The panel's size; none where the store runs without a window (its unit tests), which then shows every message read. */
function windowSize(): { width: number; height: number } | undefined {
  return typeof window === 'undefined' ? undefined : { width: window.innerWidth, height: window.innerHeight };
}
