import type { Block, Split } from './block-splitter';

/** How much of a long answer renders before "Show more": whichever limit is reached first. */
const EAGER_CHARS = 16 * 1024;
export const EAGER_BLOCKS = 80;

export interface EagerView {
  /** The answer's first blocks, up to `pages` times the eager limits. */
  readonly head: readonly Block[];
  /** The last block, kept in view after a gap (the streaming tail). */
  readonly tail: Block | undefined;
  /** Blocks (or text not yet lexed) lie between head and tail: "Show more" reveals them. */
  readonly more: boolean;
}

/**
 * Which blocks of a split to mount. A huge answer mounts its beginning and
 * its last block (where a streaming answer grows), never the megabytes
 * between them until the reader asks; each "Show more" adds one more page.
 */
export function eagerView(split: Split, pages: number): EagerView {
  const { blocks, pending } = split;
  const maxChars = EAGER_CHARS * pages;
  const maxBlocks = EAGER_BLOCKS * pages;
  // Blocks start at their key: the head is every block that starts within the limits.
  let headEnd = 0;
  while (headEnd < blocks.length && headEnd < maxBlocks && blocks[headEnd]!.key < maxChars) headEnd++;
  // The head always holds something, however large the first block (a code block windows its own lines).
  headEnd = Math.max(headEnd, Math.min(1, blocks.length));
  // Text still being lexed fills the head on the next slice; it is no reason for a button yet.
  if (headEnd === blocks.length) return { head: blocks, tail: undefined, more: false };
  // While more text is being lexed the last block known is no tail yet.
  const tail = pending ? undefined : blocks.at(-1);
  const head = blocks.slice(0, headEnd);
  return { head, tail, more: pending || headEnd < blocks.length - 1 };
}
