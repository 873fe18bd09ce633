// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import MarkdownRenderer from '../../../components/markdown/MarkdownRenderer';
import { openMathStart } from '../../../components/markdown/open-math';
import { mount, nextFrame, settle } from '../support/dom';

describe('a formula still streaming', () => {
  it('is found where its unclosed delimiter starts', () => {
    expect(openMathStart('Area: $$\\frac{a}{b')).toBe(6);
    expect(openMathStart('So \\[x^2')).toBe(3);
    expect(openMathStart('Inline \\(a+b')).toBe(7);
    expect(openMathStart('Mass $E = mc^2')).toBe(5);
  });

  it('is not found in closed formulas, prices, escaped dollars or code', () => {
    expect(openMathStart('Done $$x^2$$ and $y_1$ here')).toBe(-1);
    expect(openMathStart('It costs $5 and more')).toBe(-1);
    expect(openMathStart('A \\$x^2 literal')).toBe(-1);
    expect(openMathStart('Run `echo $$x^2` now')).toBe(-1);
  });

  it('shows a placeholder instead of raw TeX until it closes, then the formula', async () => {
    const view = await mount(<MarkdownRenderer text={'Before $$\\frac{a}{b'} streaming />);
    await nextFrame();
    const md = () => view.container.querySelector('.md')!;
    expect(md().textContent).toContain('Before');
    expect(md().textContent).not.toContain('frac');
    expect(md().textContent).not.toContain('$$');
    expect(md().querySelector('.md-math-pending')).not.toBeNull();

    await view.update(<MarkdownRenderer text={'Before $$\\frac{a}{b}$$ after'} streaming={false} />);
    await settle(() => md().querySelector('.katex') !== null);
    expect(md().querySelector('.md-math-pending')).toBeNull();
    expect(md().textContent).toContain('after');
  });
});
