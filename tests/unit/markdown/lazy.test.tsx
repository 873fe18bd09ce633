// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from '../../../components/markdown/markdown';
import { mount, settle, type Mounted } from '../support/dom';

let view: Mounted | undefined;
afterEach(() => view?.unmount());

describe('lazy <Markdown>', () => {
  it('shows the plain text until the renderer chunk arrives, then the markdown', async () => {
    view = await mount(<Markdown text={'**bold**\nline two'} />);
    const plain = view.container.querySelector('.md-plain');
    expect(plain?.textContent).toBe('**bold**\nline two');
    expect(view.container.querySelector('strong')).toBeNull();

    await settle(() => view!.container.querySelector('strong') !== null);
    expect(view.container.querySelector('.md-plain')).toBeNull();
    expect(view.container.querySelector('strong')?.textContent).toBe('bold');
  });
});
