// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readablePage } from '../../../lib/page/readable';

const prose = (topic: string) =>
  Array.from(
    { length: 6 },
    (_, i) =>
      `<p>Paragraph ${i} of the article explains ${topic} in detail, with enough words, commas, and sentences, so that Readability sees real prose here rather than navigation.</p>`,
  ).join('');

function load(html: string, title = 'A page'): Document {
  document.documentElement.innerHTML = `<head><title>${title}</title></head><body>${html}</body>`;
  return document;
}

describe('readablePage', () => {
  it('takes the article and leaves out the page furniture', () => {
    const doc = load(
      `<nav><a href="/">Home</a> <a href="/about">About us</a></nav>
       <article><h1>Tides</h1>${prose('tides')}</article>
       <footer>Copyright footer text</footer>`,
      'Tides — Ocean Site',
    );
    const page = readablePage(doc);
    expect(page.source).toBe('article');
    expect(page.text).toContain('Paragraph 0 of the article explains tides');
    expect(page.text).not.toContain('Copyright footer');
    expect(page.text).not.toContain('About us');
    expect(page.text.split('\n').length).toBeGreaterThanOrEqual(6);
    expect(page.url).toBe(document.URL);
  });

  it('does not alter the live document', () => {
    const doc = load(`<nav>Menu</nav><article>${prose('rivers')}</article>`);
    const before = doc.body.innerHTML;
    readablePage(doc);
    expect(doc.body.innerHTML).toBe(before);
  });

  it('falls back to the visible text when the page is no article', () => {
    const page = readablePage(
      load('<div>Inbox (3)</div><ul><li>Message one</li><li>Message two</li></ul><div hidden>secret</div>', 'Mail'),
    );
    expect(page).toMatchObject({ title: 'Mail', source: 'visible', text: 'Inbox (3)\nMessage one\nMessage two' });
  });

  it('respects the length limit', () => {
    const page = readablePage(load(`<article>${prose('limits')}</article>`), 300);
    expect(page.text.length).toBeLessThanOrEqual(300);
  });
});
