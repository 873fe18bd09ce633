// @vitest-environment jsdom
import katex from 'katex';
import type { Token } from 'marked';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import MarkdownRenderer from '../../../components/markdown/MarkdownRenderer';
import { blockHtml } from '../../../components/markdown/markdown-parser';
import { mount, nextFrame, settle, type Mounted } from '../support/dom';

// Counting calls to the block renderer shows which blocks React actually re-rendered.
vi.mock('../../../components/markdown/markdown-parser', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../components/markdown/markdown-parser')>();
  return { ...original, blockHtml: vi.fn(original.blockHtml) };
});
const renderedBlocks = vi.mocked(blockHtml);
const rawOf = (call: [Token[]]) => call[0].map((token) => token.raw).join('');

let view: Mounted | undefined;
beforeEach(() => {
  renderedBlocks.mockClear();
});
afterEach(() => {
  view?.unmount();
  view = undefined;
});

async function stream(text: string) {
  await view!.update(<MarkdownRenderer text={text} streaming />);
  await nextFrame();
}

const SETTLED = '# Title\n\nFirst paragraph.\n\n- one\n- two\n\n```js\nlet a = 1;\n```\n\n';

describe('incremental rendering while streaming', () => {
  it('re-renders only the growing last block as text is appended', async () => {
    view = await mount(<MarkdownRenderer text={`${SETTLED}Last`} streaming />);
    // Every block but the code block, which renders straight from its token, goes through HTML once.
    expect(renderedBlocks).toHaveBeenCalledTimes(4);
    renderedBlocks.mockClear();

    for (const tail of ['Last par', 'Last paragraph', 'Last paragraph grows.']) await stream(SETTLED + tail);
    expect(renderedBlocks.mock.calls.map(rawOf)).toEqual(['Last par', 'Last paragraph', 'Last paragraph grows.']);
  });

  it('does not touch the DOM of settled blocks', async () => {
    view = await mount(<MarkdownRenderer text={`${SETTLED}Last`} streaming />);
    // Highlighting arrives asynchronously by design; wait for it so only streaming is observed.
    await settle(() => view!.container.querySelector('code.hljs') !== null);
    const heading = view.container.querySelector('h1')!;
    const code = view.container.querySelector('.md-code')!;
    const mutations: MutationRecord[] = [];
    const observer = new MutationObserver((records) => mutations.push(...records));
    for (const node of [heading, code, view.container.querySelector('ul')!]) {
      observer.observe(node, { subtree: true, childList: true, characterData: true, attributes: true });
    }
    for (let i = 1; i <= 20; i++) await stream(`${SETTLED}Last${' word'.repeat(i)}`);
    await stream(`${SETTLED}Last paragraph.\n\nAnother one`);
    observer.disconnect();
    expect(mutations).toHaveLength(0);
    expect(view.container.querySelector('h1')).toBe(heading);
    expect(view.container.querySelector('p:last-child')?.textContent).toBe('Another one');
  });

  it('renders a block that just settled at most once more, then never again', async () => {
    view = await mount(<MarkdownRenderer text="Alpha beta" streaming />);
    await stream('Alpha beta gamma.\n\n');
    await stream('Alpha beta gamma.\n\nNext');
    await stream('Alpha beta gamma.\n\nNext block');
    await stream('Alpha beta gamma.\n\nNext block.\n\nThird');
    const firstBlock = renderedBlocks.mock.calls.map(rawOf).filter((raw) => raw.startsWith('Alpha beta gamma.'));
    expect(firstBlock.length).toBeLessThanOrEqual(2);
  });

  it('renders the full text immediately when the stream ends', async () => {
    view = await mount(<MarkdownRenderer text="Start" streaming />);
    await view.update(<MarkdownRenderer text="Start and the very end." streaming={false} />);
    expect(view.container.textContent).toBe('Start and the very end.');
  });

  it('shows a new answer streamed into the same component without a stale frame', async () => {
    view = await mount(<MarkdownRenderer text="Old answer" streaming />);
    await stream('Old answer, finished.');
    await view.update(<MarkdownRenderer text="Old answer, finished." streaming={false} />);
    await view.update(<MarkdownRenderer text="New" streaming />);
    expect(view.container.textContent).toBe('New');
  });

  it('highlights a code block only once it is complete', async () => {
    view = await mount(<MarkdownRenderer text={'```js\nconst a = 1;\n'} streaming />);
    await stream('```js\nconst a = 1;\nconst b = 2;\n');
    // Give a lazy highlighter every chance to (wrongly) run on the open block.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(view.container.querySelector('.hljs')).toBeNull();
    expect(view.container.querySelector('pre code')?.textContent).toBe('const a = 1;\nconst b = 2;');

    await stream('```js\nconst a = 1;\nconst b = 2;\n```\n\nAfter');
    await settle(() => view!.container.querySelector('code.hljs') !== null);
    expect(view.container.querySelector('.hljs-keyword')?.textContent).toBe('const');
  });

  it('typesets each formula once although the paragraph around it keeps growing', async () => {
    const typeset = vi.spyOn(katex, 'renderToString');
    view = await mount(<MarkdownRenderer text="Energy $E = mc^2$ is" streaming />);
    await settle(() => view!.container.querySelector('.katex') !== null);
    for (const more of [' famous', ' famous and', ' famous and short.']) await stream(`Energy $E = mc^2$ is${more}`);
    await view.update(<MarkdownRenderer text="Energy $E = mc^2$ is famous and short." streaming={false} />);
    expect(typeset.mock.calls.filter(([tex]) => tex === 'E = mc^2')).toHaveLength(1);
    expect(view.container.querySelectorAll('.katex')).toHaveLength(1);
    typeset.mockRestore();
  });
});
