// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import MarkdownRenderer from '../../../components/markdown/MarkdownRenderer';
import { mount, settle, type Mounted } from '../support/dom';

let view: Mounted | undefined;
const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  writeText.mockReset();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.useRealTimers();
});

const TWO_BLOCKS = '```js\nconst a = 1;\n```\n\ntext\n\n    indented <code>\n';

describe('code block copy button', () => {
  it('gives every code block a copy button named from i18n', async () => {
    view = await mount(<MarkdownRenderer text={TWO_BLOCKS} />);
    const buttons = [...view.container.querySelectorAll('button')];
    expect(buttons).toHaveLength(2);
    for (const button of buttons) {
      // No aria-label: the visible, translated text is the accessible name.
      expect(button.textContent).toBe('Copy code');
      expect(button.hasAttribute('aria-label')).toBe(false);
      expect(button.getAttribute('type')).toBe('button');
    }
  });

  it('copies the code of its own block and says so for a moment', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    writeText.mockResolvedValue(undefined);
    view = await mount(<MarkdownRenderer text={TWO_BLOCKS} />);
    const second = view.container.querySelectorAll('button')[1]!;
    await act(async () => second.click());
    expect(writeText).toHaveBeenCalledWith('indented <code>');
    expect(second.textContent).toBe('Copied');
    expect(view.container.querySelectorAll('button')[0]?.textContent).toBe('Copy code');
    await act(async () => vi.advanceTimersByTime(2000));
    expect(second.textContent).toBe('Copy code');
  });

  it('keeps the copy label when the clipboard refuses', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    view = await mount(<MarkdownRenderer text={TWO_BLOCKS} />);
    const button = view.container.querySelector('button')!;
    await act(async () => button.click());
    expect(writeText).toHaveBeenCalledWith('const a = 1;');
    expect(button.textContent).toBe('Copy code');
  });

  it('copies the plain code after highlighting too', async () => {
    writeText.mockResolvedValue(undefined);
    view = await mount(<MarkdownRenderer text={'```ts\nlet x: number = "<b>";\n```'} />);
    await settle(() => view!.container.querySelector('code.hljs') !== null);
    await act(async () => view!.container.querySelector('button')!.click());
    expect(writeText).toHaveBeenCalledWith('let x: number = "<b>";');
  });
});
