// @vitest-environment jsdom
import hljs from 'highlight.js/lib/core';
import { describe, expect, it, vi } from 'vitest';
import { highlightCode } from '../../../components/markdown/code-highlighter';
import { renderCache } from '../../../components/markdown/render-cache';

describe('render cache', () => {
  it('renders a source once and answers from the cache after', () => {
    const cached = renderCache(1000);
    const render = vi.fn(() => '<b>x</b>');
    expect(cached('x', render)).toBe('<b>x</b>');
    expect(cached('x', render)).toBe('<b>x</b>');
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('drops the least recently used sources once sources and HTML pass the limit', () => {
    // Each entry counts 1 + 4 = 5 characters: two fit in 10.
    const cached = renderCache(10);
    const rendered: string[] = [];
    const render = (source: string) => () => {
      rendered.push(source);
      return `<${source}/>`;
    };
    cached('a', render('a'));
    cached('b', render('b'));
    cached('a', render('a')); // read again: now b is the oldest
    cached('c', render('c'));
    expect(rendered).toEqual(['a', 'b', 'c']);
    expect(cached('a', render('a'))).toBe('<a/>');
    expect(cached('c', render('c'))).toBe('<c/>');
    expect(rendered).toEqual(['a', 'b', 'c']);
    expect(cached('b', render('b'))).toBe('<b/>');
    expect(rendered).toEqual(['a', 'b', 'c', 'b']);
  });

  it('returns a render larger than the whole limit, and lets it go for the next', () => {
    const cached = renderCache(10);
    const huge = 'h'.repeat(50);
    expect(cached('big', () => huge)).toBe(huge);
    expect(cached('big', () => 'again')).toBe(huge);
    cached('small', () => 's');
    expect(cached('big', () => 'again')).toBe('again');
  });
});

describe('highlightCode', () => {
  it('highlights the same code in the same language once, however often React renders it', () => {
    const highlight = vi.spyOn(hljs, 'highlight');
    const code = 'const cachedOnce = 1;';
    const first = highlightCode(code, 'ts');
    expect(first).toContain('hljs-keyword');
    expect(highlightCode(code, 'ts')).toBe(first);
    expect(highlight).toHaveBeenCalledTimes(1);
    // Another language is another rendering.
    expect(highlightCode(code, 'python')).not.toBe(first);
    expect(highlight).toHaveBeenCalledTimes(2);
    highlight.mockRestore();
  });
});
