import { useMemo } from 'react';
import { useTexState } from './lazy-modules';

interface MathTexProps {
  tex: string;
  display: boolean;
  /** A display formula on its own lines (a block), as opposed to one inside a paragraph. */
  block: boolean;
}

export function MathTex({ tex, display, block }: MathTexProps) {
  const { renderer, failed } = useTexState();
  const html = useMemo(() => renderer?.renderTex(tex, display) ?? null, [renderer, tex, display]);
  const Tag = block ? 'div' : 'span';
  const className = block ? 'md-math md-math-block' : 'md-math';
  // While KaTeX loads a placeholder stands in: raw TeX would flash and then turn into the formula. Only if KaTeX
  // cannot load does the source show.
  if (html === null && !failed) return <span className="md-math-pending" aria-hidden="true" />;
  if (html === null)
    return (
      <Tag className={`${className} md-math-source`} dir="ltr">
        {tex}
      </Tag>
    );
  return <Tag className={className} dir="ltr" dangerouslySetInnerHTML={{ __html: html }} />;
}
