// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from '../../../components/markdown/markdown';
import { mount, type Mounted } from '../support/dom';

let view: Mounted | undefined;
afterEach(() => view?.unmount());

describe('lazy <Markdown> with a huge answer', () => {
  it('stands in with the start of the text only, not megabytes of it, while the renderer loads', async () => {
    const text = 'Plain words stand in for the answer. '.repeat(30_000);
    view = await mount(<Markdown text={text} />);
    const plain = view.container.querySelector('.md-plain')!;
    expect(text.startsWith(plain.textContent!)).toBe(true);
    expect(plain.textContent!.length).toBeGreaterThan(1000);
    expect(plain.textContent!.length).toBeLessThanOrEqual(8 * 1024);
  });
});
