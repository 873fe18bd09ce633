import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { BlockSplitter, type Block } from './block-splitter';
import { blockHtml } from './markdown-parser';
import { sanitizeBlock } from './sanitize';
import { toReact } from './to-react';
import type { MarkdownProps } from './types';

/**
 * The lazily loaded renderer behind <Markdown>. Each top-level block renders
 * once it is settled; while an answer streams only the last block re-renders.
 */
export default function MarkdownRenderer({ text, streaming = false }: MarkdownProps) {
  const shown = useFramePacedText(text, streaming);
  const [splitter] = useState(() => new BlockSplitter());
  // Memoized elements let React skip the block list entirely on the many
  // parent renders between two frames, when the shown text has not changed.
  return useMemo(() => {
    const { blocks, settled, generation } = splitter.split(shown, !streaming);
    return (
      <div className="md">
        {blocks.map((block, index) => (
          <MarkdownBlock key={block.key} block={block} complete={!streaming || index < settled} generation={generation} />
        ))}
      </div>
    );
  }, [splitter, shown, streaming]);
}

interface BlockProps {
  block: Block;
  complete: boolean;
  /** Part of the memo key only: a new generation means the same source may render differently. */
  generation: number;
}

const MarkdownBlock = memo(
  function MarkdownBlock({ block, complete }: BlockProps) {
    return toReact(sanitizeBlock(blockHtml([block.token])), complete);
  },
  (before, after) => before.block.raw === after.block.raw && before.complete === after.complete && before.generation === after.generation,
);

/**
 * Chunks arrive every few milliseconds, faster than the screen refreshes:
 * while streaming, render at most the latest text once per frame. When the
 * stream ends the full text renders at once.
 */
function useFramePacedText(text: string, streaming: boolean): string {
  const [shown, setShown] = useState(text);
  const latest = useRef(text);
  const frame = useRef<number | null>(null);

  useEffect(() => {
    latest.current = text;
    if (!streaming || frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      setShown(latest.current);
    });
  }, [text, streaming]);

  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  // Text that does not extend what is shown (a regenerated answer) renders at once, never a stale frame.
  return streaming && text.startsWith(shown) ? shown : text;
}
