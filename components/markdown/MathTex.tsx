import { useMemo } from 'react';
import { useTex } from './lazy-modules';

interface MathTexProps {
  tex: string;
  display: boolean;
  /** A display formula on its own lines (a block), as opposed to one inside a paragraph. */
  block: boolean;
  /** In the block still being streamed: until KaTeX has loaded, a placeholder stands in rather than the raw TeX. */
  growing?: boolean;
}

export function MathTex({ tex, display, block, growing = false }: MathTexProps) {
  const renderer = useTex();
  const html = useMemo(() => renderer?.renderTex(tex, display) ?? null, [renderer, tex, display]);
  const Tag = block ? 'div' : 'span';
  const className = block ? 'md-math md-math-block' : 'md-math';
  if (html === null && growing) return <span className="md-math-pending" aria-hidden="true" />;
  if (html === null)
    return (
      <Tag className={`${className} md-math-source`} dir="ltr">
        {tex}
      </Tag>
    );
  return <Tag className={className} dir="ltr" dangerouslySetInnerHTML={{ __html: html }} />;
}
