import { memo, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tokens } from 'marked';
import { BlockSplitter, type Block } from './block-splitter';
import { CodeBlock } from './CodeBlock';
import { eagerView } from './eager';
import { blockHtml, lexMarkdown } from './markdown-parser';
import { openMathStart } from './open-math';
import { useTex } from './lazy-modules';
import { sanitizeBlock } from './sanitize';
import { toReact } from './to-react';
import type { MarkdownProps } from './markdown-props';

/**
 * The lazily loaded renderer behind <Markdown>. Each top-level block renders
 * once it is settled; while an answer streams only the last block re-renders.
 * A huge answer mounts its first pages and its last block, the rest on
 * "Show more", and is lexed a slice per task when it opens.
 */
export default function MarkdownRenderer({ text, streaming = false }: MarkdownProps) {
  const { t } = useTranslation();
  const [splitter] = useState(() => new BlockSplitter());
  const [pages, setPages] = useState(1);
  const [slice, setSlice] = useState(0);
  // `slice` is a dependency without being read: each one asks the splitter to lex on where it paused.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const split = useMemo(() => splitter.split(text, !streaming), [splitter, text, streaming, slice]);

  useEffect(() => {
    if (!split.pending) return;
    // The next slice of a huge text lexes in its own task, so input is handled in between.
    const timer = setTimeout(() => setSlice((n) => n + 1), 0);
    return () => clearTimeout(timer);
  }, [split]);

  // Memoized elements let React skip the block list entirely on the many
  // parent renders between two frames, when the shown text has not changed.
  return useMemo(() => {
    const { head, tail, more } = eagerView(split, pages);
    const block = (item: Block, index: number) => (
      <MarkdownBlock key={item.key} block={item} complete={!streaming || index < split.settled} generation={split.generation} />
    );
    return (
      <div className="md">
        {head.map(block)}
        {more && (
          <button type="button" className="md-more" onClick={() => setPages((n) => n + 1)}>
            {t('markdown.showMore')}
          </button>
        )}
        {tail && block(tail, split.blocks.length - 1)}
      </div>
    );
  }, [split, pages, streaming, t]);
}

interface BlockProps {
  block: Block;
  complete: boolean;
  /** Part of the memo key only: a new generation means the same source may render differently. */
  generation: number;
}

const MarkdownBlock = memo(
  function MarkdownBlock({ block, complete }: BlockProps) {
    // Code needs no HTML round trip: its text goes to React as text, however many megabytes it is.
    if (block.token.type === 'code') {
      const { text, lang } = block.token as Tokens.Code;
      return <CodeBlock code={withoutTrailingNewlines(text)} language={lang?.match(/^\S*/)?.[0] ?? ''} highlight={complete} />;
    }
    if (!complete) {
      // A formula still being written shows as a placeholder, never as raw TeX that turns into a formula a moment later.
      const open = openMathStart(block.raw);
      if (open >= 0) {
        const before = block.raw.slice(0, open);
        return (
          <>
            {before.trim() && toReact(sanitizeBlock(blockHtml(lexMarkdown(before))), false)}
            <PendingMath />
          </>
        );
      }
    }
    return toReact(sanitizeBlock(blockHtml([block.token])), complete);
  },
  (before, after) => before.block.raw === after.block.raw && before.complete === after.complete && before.generation === after.generation,
);

/** Stands in for a formula still being written, and starts loading KaTeX so the formula renders as soon as it closes. */
function PendingMath() {
  useTex();
  return <span className="md-math-pending" aria-hidden="true" />;
}

/** Like `text.replace(/\n+$/, '')`, which would scan a megabyte of code from its start on every frame. */
function withoutTrailingNewlines(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === '\n') end--;
  return end === text.length ? text : text.slice(0, end);
}
