// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import MarkdownRenderer from '../../../components/markdown/MarkdownRenderer';
import { CHUNK_LINES, CODE_WINDOW_LINES, HIGHLIGHT_CHUNK_CHARS } from '../../../components/markdown/code-lines';
import { EAGER_BLOCKS } from '../../../components/markdown/eager';
import { highlightCode } from '../../../components/markdown/code-highlighter';
import { mount, nextFrame, settle, type Mounted } from '../support/dom';

// Recording every highlight.js call shows how big each one is.
vi.mock('../../../components/markdown/code-highlighter', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../components/markdown/code-highlighter')>();
  return { ...original, highlightCode: vi.fn(original.highlightCode) };
});
const highlighted = vi.mocked(highlightCode);

// Idle work waits in this queue until a test runs it, one job at a time as the browser would.
const idleJobs: (() => void)[] = [];
vi.mock('../../../components/markdown/idle', () => ({
  whenIdle: (job: () => void) => {
    idleJobs.push(job);
    return () => idleJobs.splice(idleJobs.indexOf(job) >>> 0, 1);
  },
}));
async function runIdleJobs(): Promise<void> {
  while (idleJobs.length) {
    await act(async () => idleJobs.shift()!());
  }
}

let view: Mounted | undefined;
beforeEach(() => {
  highlighted.mockClear();
  idleJobs.length = 0;
});
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const SECTION = (n: number) => `## Part ${n}\n\nParagraph ${n} with **bold** and \`code\`.\n\n- one\n- two\n\n`;
const huge = (sections: number) => Array.from({ length: sections }, (_, i) => SECTION(i)).join('');
const code = (lines: number, lang = 'js') =>
  `\`\`\`${lang}\n${Array.from({ length: lines }, (_, i) => `const value${i} = ${i}; // line ${i + 1}`).join('\n')}\n\`\`\`\n`;

const blocks = () => view!.container.querySelector('.md')!.children;
const button = (name: string | RegExp) =>
  [...view!.container.querySelectorAll('button')].find((b) =>
    typeof name === 'string' ? b.textContent === name : name.test(b.textContent ?? ''),
  );

// jsdom builds every mounted element the slow way; these render whole pages of an answer.
describe('a huge answer renders a bounded part eagerly', { timeout: 30_000 }, () => {
  it('streams with its first blocks, a "Show more" button and the growing tail mounted, nothing between', async () => {
    const text = huge(800);
    view = await mount(<MarkdownRenderer text={text.slice(0, text.length / 2)} streaming />);
    await view.update(<MarkdownRenderer text={`${text}The tail grows`} streaming />);
    await nextFrame();
    await settle(() => view!.container.textContent!.includes('The tail grows'));

    expect(blocks().length).toBeLessThanOrEqual(EAGER_BLOCKS + 2);
    expect(view.container.querySelector('h2')?.textContent).toBe('Part 0');
    expect(view.container.textContent).not.toContain('Part 400');
    const more = button('Show more')!;
    expect(more.getAttribute('type')).toBe('button');
    expect(blocks()[blocks().length - 1]?.textContent).toBe('The tail grows');

    const before = blocks().length;
    await act(async () => more.click());
    expect(blocks().length).toBeGreaterThan(before + EAGER_BLOCKS / 2);
    expect(blocks().length).toBeLessThanOrEqual(2 * EAGER_BLOCKS + 2);
  });

  it('opens a stored huge answer a slice at a time and ends with its last block in view', async () => {
    const text = `${huge(1500)}The very end.`;
    view = await mount(<MarkdownRenderer text={text} />);
    // The first render mounts the beginning only: the rest is still being lexed in later tasks.
    expect(view.container.textContent).not.toContain('The very end.');
    expect(blocks().length).toBeGreaterThan(0);
    await settle(() => view!.container.textContent!.includes('The very end.'));
    expect(blocks().length).toBeLessThanOrEqual(EAGER_BLOCKS + 2);
    expect(button('Show more')).toBeDefined();
  });

  it('shows a short answer whole, without a button', async () => {
    view = await mount(<MarkdownRenderer text={huge(3)} />);
    expect(view.container.querySelectorAll('h2')).toHaveLength(3);
    expect(button('Show more')).toBeUndefined();
  });
});

describe('a long code block', { timeout: 30_000 }, () => {
  it('mounts only a window of a 50,000-line block, the rest on "Show all 50,000 lines"', async () => {
    view = await mount(<MarkdownRenderer text={code(50_000, 'text')} />);
    const pre = view.container.querySelector('pre')!;
    expect(pre.textContent!.split('\n').length).toBeLessThanOrEqual(CODE_WINDOW_LINES);
    expect(pre.textContent).toContain('line 200');
    expect(pre.textContent).not.toContain('line 201');
    const all = button('Show all 50,000 lines')!;
    expect(all.getAttribute('type')).toBe('button');

    await act(async () => all.click());
    expect(view.container.querySelectorAll('.md-code-chunk')).toHaveLength(50_000 / CHUNK_LINES);
    expect(view.container.querySelector('pre')!.textContent).toContain('line 50000');
    expect(button(/^Show all/)).toBeUndefined();
  });

  it('shows a streaming code block as a window too, with the growing line count', async () => {
    view = await mount(<MarkdownRenderer text={code(1000).slice(0, -5)} streaming />);
    await view.update(<MarkdownRenderer text={code(3000).slice(0, -5)} streaming />);
    await nextFrame();
    await settle(() => button('Show all 3,000 lines') !== undefined);
    expect(view.container.querySelector('pre')!.textContent).not.toContain('line 201');
  });

  it('highlights slice by slice in idle tasks, never the whole block in one call', async () => {
    view = await mount(<MarkdownRenderer text={code(300)} />);
    await act(async () => button('Show all 300 lines')!.click());
    await settle(() => idleJobs.length === 300 / CHUNK_LINES);
    // Rendering highlighted nothing: each slice waits for its own idle task.
    expect(highlighted).not.toHaveBeenCalled();
    await act(async () => idleJobs.shift()!());
    expect(highlighted).toHaveBeenCalledTimes(1);
    await runIdleJobs();
    expect(view.container.querySelectorAll('.md-code-chunk .hljs-keyword').length).toBeGreaterThanOrEqual(300);
    expect(highlighted).toHaveBeenCalledTimes(300 / CHUNK_LINES);
    for (const [slice] of highlighted.mock.calls) expect(slice.split('\n')).toHaveLength(CHUNK_LINES);
    expect(view.container.querySelector('code.hljs')).not.toBeNull();
  });

  it('never highlights a slice too long to highlight quickly', async () => {
    const line = `const long = "${'x'.repeat(HIGHLIGHT_CHUNK_CHARS)}";`;
    view = await mount(<MarkdownRenderer text={`\`\`\`js\n${line}\n\`\`\`\n\n${code(300)}`} />);
    await act(async () => button('Show all 300 lines')!.click());
    await settle(() => idleJobs.length === 3);
    await runIdleJobs();
    expect(highlighted).toHaveBeenCalledTimes(3);
    expect(highlighted.mock.calls.every(([slice]) => slice.length <= HIGHLIGHT_CHUNK_CHARS)).toBe(true);
    expect(view.container.querySelector('pre')!.textContent).toBe(line);
  });
});
