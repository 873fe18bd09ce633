// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import MarkdownRenderer from '../../../components/markdown/MarkdownRenderer';
import { mount, type Mounted } from '../support/dom';

let view: Mounted | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

async function render(markdown: string) {
  view = await mount(<MarkdownRenderer text={markdown} />);
  return view.container;
}

describe('click-to-load images', () => {
  it('shows a button naming the image and its host, and no <img> until clicked', async () => {
    const root = await render('Here: ![A <cat> & dog](https://img.example.org/cat.png "Cute")');
    expect(root.querySelector('img')).toBeNull();
    const button = root.querySelector<HTMLButtonElement>('button.md-img-load');
    expect(button?.textContent).toBe('Load image “A <cat> & dog” from img.example.org');
    expect(button?.getAttribute('type')).toBe('button');

    await act(async () => button?.click());
    const img = root.querySelector('img');
    expect(root.querySelector('button.md-img-load')).toBeNull();
    expect(img?.getAttribute('src')).toBe('https://img.example.org/cat.png');
    expect(img?.getAttribute('alt')).toBe('A <cat> & dog');
    expect(img?.getAttribute('title')).toBe('Cute');
    expect(img?.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(document.activeElement).toBe(img);
  });

  it('loads only the image that was clicked', async () => {
    const root = await render('![one](https://a.example/1.png) ![two](https://b.example/2.png)');
    const [first] = root.querySelectorAll<HTMLButtonElement>('button.md-img-load');
    await act(async () => first?.click());
    expect([...root.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(['https://a.example/1.png']);
    expect(root.querySelector('button.md-img-load')?.textContent).toBe('Load image “two” from b.example');
  });

  it('names the host alone when the image has no alt text', async () => {
    const root = await render('![](http://pics.example:8080/x.gif)');
    expect(root.querySelector('button.md-img-load')?.textContent).toBe('Load image from pics.example:8080');
  });

  it('shows only the alt text for images that cannot be loaded safely', async () => {
    const root = await render('![local](/x.png) ![inline](data:image/png;base64,AAAA) ![file](file:///x.png)');
    expect(root.querySelectorAll('img, button')).toHaveLength(0);
    expect(root.textContent).toBe('local inline file');
  });

  it('shows the alt text of an image inside a link, since a button cannot sit in a link', async () => {
    const root = await render('[![badge](https://img.example/b.svg)](https://example.com/)');
    expect(root.querySelectorAll('img, button')).toHaveLength(0);
    expect(root.querySelector('a')?.textContent).toBe('badge');
  });

  it('keeps a loaded image loaded while the answer keeps streaming', async () => {
    const first = '![pic](https://img.example/p.png) and more';
    view = await mount(<MarkdownRenderer text={first} streaming={false} />);
    const root = view.container;
    await act(async () => root.querySelector<HTMLButtonElement>('button.md-img-load')?.click());
    await view.update(<MarkdownRenderer text={`${first} text`} streaming={false} />);
    expect(root.querySelector('img')?.getAttribute('src')).toBe('https://img.example/p.png');
  });
});
