import katex from 'katex';
import 'katex/dist/katex.min.css';
import { renderCache } from './render-cache';
import { sanitizeMath } from './sanitize';

/**
 * The still-growing block re-renders on every frame while an answer streams;
 * caching by source keeps KaTeX from re-typesetting the formulas in it.
 */
const cached = renderCache(1_000_000);

export function renderTex(tex: string, display: boolean): string {
  return cached(`${display ? 'D' : 'I'}${tex}`, () =>
    sanitizeMath(
      katex.renderToString(tex, {
        displayMode: display,
        throwOnError: false,
        output: 'htmlAndMathml',
        trust: false,
        strict: 'ignore',
        maxExpand: 1000,
        maxSize: 20,
      }),
    ),
  );
}
