import katex from 'katex';
import 'katex/dist/katex.min.css';
import { sanitizeMath } from './sanitize';

/**
 * The still-growing block re-renders on every frame while an answer streams;
 * caching by source keeps KaTeX from re-typesetting the formulas in it.
 */
const cache = new Map<string, string>();
const CACHE_LIMIT = 500;

export function renderTex(tex: string, display: boolean): string {
  const key = `${display ? 'D' : 'I'}${tex}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const html = sanitizeMath(
    katex.renderToString(tex, {
      displayMode: display,
      throwOnError: false,
      output: 'htmlAndMathml',
      trust: false,
      strict: 'ignore',
      maxExpand: 1000,
      maxSize: 20,
    }),
  );
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, html);
  return html;
}
