// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import MarkdownRenderer from '../../../components/markdown/MarkdownRenderer';
import { mount, settle, type Mounted } from '../support/dom';

let view: Mounted | undefined;
afterEach(() => view?.unmount());

async function render(text: string) {
  view = await mount(<MarkdownRenderer text={text} />);
  return view.container;
}

describe('Markdown rendering', () => {
  it('renders GFM tables inside a horizontally scrollable wrapper with alignment', async () => {
    const root = await render('| Name | Qty |\n| :--- | ---: |\n| apple | 3 |\n| pear | 10 |\n');
    const wrapper = root.querySelector('.md-table');
    expect(wrapper?.getAttribute('tabindex')).toBe('0');
    expect([...root.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Name', 'Qty']);
    expect([...root.querySelectorAll('tbody td')].map((td) => td.textContent)).toEqual(['apple', '3', 'pear', '10']);
    expect((root.querySelector('tbody td:nth-child(2)') as HTMLElement).style.textAlign).toBe('end');
  });

  it('renders task lists as labelled, disabled checkboxes', async () => {
    const root = await render('- [x] done *well*\n- [ ] todo\n');
    const boxes = [...root.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    expect(boxes.map((box) => box.checked)).toEqual([true, false]);
    expect(boxes.every((box) => box.disabled)).toBe(true);
    expect(boxes[0]?.closest('label')?.textContent?.trim()).toBe('done well');
    expect(root.querySelector('label em')?.textContent).toBe('well');
    expect([...root.querySelectorAll('li')].map((li) => li.className)).toEqual(['md-task-item', 'md-task-item']);
  });

  it('labels task boxes in loose lists too, up to the first nested block', async () => {
    const root = await render('1. [x] first\n\n2. [ ] second\n\n   more detail\n');
    const labels = [...root.querySelectorAll('label.md-task')];
    expect(labels.map((label) => label.textContent?.trim())).toEqual(['first', 'second']);
    expect(root.querySelectorAll('li.md-task-item')).toHaveLength(2);
    expect(root.querySelector('li:last-child > p:last-child')?.textContent).toBe('more detail');
  });

  it('renders strikethrough, emphasis, inline code and autolinks', async () => {
    const root = await render('~~gone~~ **bold** _it_ `a<b>` see www.example.com and <https://example.org/x>');
    expect(root.querySelector('del')?.textContent).toBe('gone');
    expect(root.querySelector('strong')?.textContent).toBe('bold');
    expect(root.querySelector('em')?.textContent).toBe('it');
    expect(root.querySelector('code')?.textContent).toBe('a<b>');
    const links = [...root.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['http://www.example.com/', 'https://example.org/x']);
    for (const link of links) {
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(link.getAttribute('target')).toBe('_blank');
    }
  });

  it('renders nested lists, ordered list starts, blockquotes, headings and rules', async () => {
    const root = await render('# Title\n\n3. three\n4. four\n   - nested\n\n> quoted **text**\n\n---\n\nend');
    expect(root.querySelector('h1')?.textContent).toBe('Title');
    expect(root.querySelector('ol')?.getAttribute('start')).toBe('3');
    expect(root.querySelector('ol li ul li')?.textContent).toBe('nested');
    expect(root.querySelector('blockquote strong')?.textContent).toBe('text');
    expect(root.querySelector('hr')).not.toBeNull();
    // Each top-level block picks its own direction, so Arabic and English paragraphs sit correctly side by side.
    expect(root.querySelector('h1')?.getAttribute('dir')).toBe('auto');
  });

  it('keeps text entities as characters and HTML entities in code literal', async () => {
    const root = await render('AT&amp;T &copy; 5 &lt; 6\n\n```\n&lt;p&gt;\n```');
    expect(root.querySelector('p')?.textContent).toBe('AT&T © 5 < 6');
    expect(root.querySelector('pre code')?.textContent).toBe('&lt;p&gt;');
  });

  it('shows a code block as plain text at once, then highlighted once highlight.js has loaded', async () => {
    const root = await render('```python\ndef f(x):\n    return "s"\n```');
    expect(root.querySelector('.md-code')?.getAttribute('dir')).toBe('ltr');
    expect(root.querySelector('.md-code-lang')?.textContent).toBe('python');
    expect(root.querySelector('pre code')?.textContent).toBe('def f(x):\n    return "s"');
    await settle(() => root.querySelector('pre code.hljs') !== null);
    expect(root.querySelector('.hljs-keyword')?.textContent).toBe('def');
    expect(root.querySelector('.hljs-string')?.textContent).toBe('"s"');
    expect(root.querySelector('pre code')?.textContent).toBe('def f(x):\n    return "s"');
  });

  it('leaves code in an unknown language unhighlighted', async () => {
    const root = await render('```nosuchlang\nplain <text>\n```');
    await settle(() => root.querySelector('pre code') !== null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(root.querySelector('pre code')?.innerHTML).toBe('plain &lt;text&gt;');
  });

  it('renders all four math delimiters with KaTeX, left-to-right', async () => {
    const root = await render(
      'Inline $a^2 + b^2$ and \\(x_1\\).\n\n$$\n\\frac{1}{2}\n$$\n\n\\[\n\\sqrt{y}\n\\]\n\nPrices $5 and $10 stay text.',
    );
    // Before KaTeX arrives a placeholder stands in: raw TeX would flash and then turn into the formula.
    expect(root.querySelectorAll('.md-math-pending')).toHaveLength(4);
    expect(root.textContent).not.toContain('a^2');
    await settle(() => root.querySelectorAll('.katex').length === 4);
    const maths = [...root.querySelectorAll('.md-math')];
    expect(maths.map((m) => m.querySelector('annotation')?.textContent)).toEqual(['a^2 + b^2', 'x_1', '\\frac{1}{2}', '\\sqrt{y}']);
    expect(maths.every((m) => m.getAttribute('dir') === 'ltr')).toBe(true);
    expect(root.querySelectorAll('.md-math-block .katex-display')).toHaveLength(2);
    expect(root.querySelector('p:last-child')?.textContent).toBe('Prices $5 and $10 stay text.');
  });

  it('keeps an escaped dollar as a plain dollar sign', async () => {
    const root = await render('It costs \\$3 and \\$4.');
    expect(root.textContent).toBe('It costs $3 and $4.');
    expect(root.querySelector('.md-math')).toBeNull();
  });

  it('shows invalid TeX as a KaTeX error instead of throwing', async () => {
    const root = await render('$\\frac{1}$');
    await settle(() => root.querySelector('.katex-error, .katex') !== null);
    expect(root.querySelector('.katex-error')).not.toBeNull();
  });
});
