import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { katexWoff2Only, woff2Only } from '../../../build/katex-woff2-only';

const katexCssPath = createRequire(import.meta.url).resolve('katex/dist/katex.min.css');
const katexCss = readFileSync(katexCssPath, 'utf8');
const fontUrls = (css: string) => [...css.matchAll(/url\(([^)]*)\)/g)].map((m) => m[1]!);

describe('KaTeX fonts in woff2 only', () => {
  it('leaves each @font-face of the shipped stylesheet with its woff2 source alone', () => {
    const before = fontUrls(katexCss);
    const after = fontUrls(woff2Only(katexCss));
    expect(before.some((u) => u.endsWith('.ttf'))).toBe(true);
    expect(after.length).toBeGreaterThan(0);
    expect(after).toEqual(before.filter((u) => u.endsWith('.woff2')));
    // Nothing outside the font sources changes.
    const withoutSources = (css: string) => css.replace(/src:[^;}]*/g, 'src:');
    expect(withoutSources(woff2Only(katexCss))).toBe(withoutSources(katexCss));
  });

  it('rewrites only the KaTeX stylesheet', () => {
    const plugin = katexWoff2Only();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | undefined;
    expect(transform(katexCss, katexCssPath)?.code).toBe(woff2Only(katexCss));
    expect(transform(katexCss, `${katexCssPath}?inline`)?.code).toBe(woff2Only(katexCss));
    expect(transform(katexCss, '/src/other.css')).toBeUndefined();
  });
});
