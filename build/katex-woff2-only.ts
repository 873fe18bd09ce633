import type { Plugin } from 'vite';

/** KaTeX's stylesheet, which lists each of its 20 fonts in woff2, woff and ttf. */
const KATEX_CSS = /[\\/]katex[\\/]dist[\\/]katex(\.min)?\.css$/;
/** The woff and ttf fallbacks after a font's woff2 source, e.g. `,url(fonts/X.woff) format("woff")`. */
const FALLBACK_SOURCE = /\s*,\s*url\([^)]*\.(?:woff|ttf)\)\s*format\(["'](?:woff|truetype)["']\)/g;

/**
 * Every browser Parley supports reads woff2, so the woff and ttf copies only
 * add ~1 MB to each package. Dropping them from the stylesheet before Vite
 * resolves its url()s keeps them out of the build.
 */
export function woff2Only(css: string): string {
  return css.replace(FALLBACK_SOURCE, '');
}

export function katexWoff2Only(): Plugin {
  return {
    name: 'parley:katex-woff2-only',
    enforce: 'pre',
    transform(code, id) {
      return KATEX_CSS.test(id.split('?')[0] ?? id) ? { code: woff2Only(code), map: null } : undefined;
    },
  };
}
