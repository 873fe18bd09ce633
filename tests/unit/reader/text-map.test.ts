// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { findReadableContent } from '../../../lib/reader/readable-twins';
import { readSpokenPage, sentenceAtPoint, sentenceIndexAt, sentenceUnderPoint } from '../../../lib/reader/spoken-page';
import { buildTextMap, indexAtPoint, rangeOf } from '../../../lib/reader/text-map';

function load(html: string) {
  document.documentElement.innerHTML = html;
}

const textOf = (node: Node | null | undefined) => {
  if (!node) throw new Error('missing node');
  return node;
};

describe('buildTextMap', () => {
  beforeEach(() => load('<head><style>.gone { display: none } .ghost { visibility: hidden }</style></head><body></body>'));

  it('collapses whitespace as rendered and breaks lines between blocks', () => {
    document.body.innerHTML = `
      <h1>  Title\n  here </h1>
      <p>First   <em>line</em>\n   goes on.</p>
      <ul><li>One</li><li>Two<br>Three</li></ul>
      <table><tr><td>A</td><td>B</td></tr></table>`;
    expect(buildTextMap(document.body).text).toBe('Title here \nFirst line goes on.\nOne\nTwo\nThree\nA\nB\n');
  });

  it('leaves out hidden, decorative and non-text content', () => {
    document.body.innerHTML = `<p>Seen <span class="gone">gone</span><span class="ghost">ghost</span><span hidden>hid</span><span aria-hidden="true">icon</span>
      <script>code()</script><button>Click</button><textarea>typed</textarea>text.</p>`;
    expect(buildTextMap(document.body).text.trim()).toBe('Seen text.');
  });

  it('keeps line breaks inside preformatted text', () => {
    document.body.innerHTML = '<pre>line one\nline two</pre>';
    expect(buildTextMap(document.body).text.trim()).toBe('line one\nline two');
  });

  it('maps spans of the text back to live ranges, across elements', () => {
    document.body.innerHTML = '<p id="p">Hello   <b>bold</b> world. Next one.</p>';
    const map = buildTextMap(document.body);
    const start = map.text.indexOf('bold');
    const range = rangeOf(map, map.text.indexOf('Hello'), map.text.indexOf('.') + 1)!;
    expect(range.toString()).toBe('Hello   bold world.');
    expect(rangeOf(map, start, start + 4)!.toString()).toBe('bold');
    expect(rangeOf(map, 3, 3)).toBeUndefined();
  });

  it('gives no range once the page has changed the text under it', () => {
    document.body.innerHTML = '<p>Hello world.</p>';
    const map = buildTextMap(document.body);
    document.querySelector('p')!.firstChild!.textContent = 'Hi';
    expect(rangeOf(map, 0, 12)).toBeUndefined();
  });

  it('finds the text index of a DOM point, including points outside the read text', () => {
    document.body.innerHTML = '<p>Alpha  beta.</p><img alt=""><p>Gamma.</p>';
    const map = buildTextMap(document.body);
    const [first, second] = document.querySelectorAll('p');
    expect(indexAtPoint(map, textOf(first!.firstChild), 7)).toBe(map.text.indexOf('beta'));
    expect(indexAtPoint(map, textOf(first!.firstChild), 5)).toBe(map.text.indexOf(' beta'));
    // Inside collapsed whitespace: the next character that is read.
    expect(indexAtPoint(map, textOf(first!.firstChild), 6)).toBe(map.text.indexOf('beta'));
    expect(indexAtPoint(map, document.querySelector('img')!, 0)).toBe(map.text.indexOf('Gamma'));
    expect(indexAtPoint(map, document.body, 0)).toBe(0);
    expect(indexAtPoint(map, document.body, document.body.childNodes.length)).toBeUndefined();
    expect(indexAtPoint(map, textOf(second!.firstChild), 6)).toBe(map.text.indexOf('Gamma') + 6);
  });
});

const ARTICLE = `
<head><title>Fish facts</title></head>
<body>
  <nav><a href="/">Home</a> <a href="/about">About us</a> <a href="/shop">Shop now</a></nav>
  <main><article>
    <h1>All about fish</h1>
    <div class="share"><a href="#s">Share this</a> <a href="#t">Tweet</a></div>
    <p>Fish live in water. They breathe with gills, which take oxygen from the water around them. Most fish are cold-blooded.</p>
    <p>There are more than thirty thousand species of fish. Dr. Smith counted 3.5 million of them, e.g. sharks and rays! Is that a lot? Yes.</p>
    <p>Many fish travel in groups called schools. A school can hold thousands of fish that turn together as one body.</p>
    <p>Fish have been around for about five hundred million years, long before the first dinosaurs walked the earth.</p>
  </article></main>
  <footer>Copyright 2024 Fish Corp. All rights reserved.</footer>
</body>`;

describe('readable text of a page', () => {
  beforeEach(() => load(ARTICLE));

  it('finds the article with Readability without touching the live page', () => {
    const before = document.documentElement.outerHTML;
    const { root } = findReadableContent(document);
    expect(root.closest('article, main')).not.toBeNull();
    expect(document.documentElement.outerHTML).toBe(before);
  });

  it('splits the article into sentences that map to the live DOM, title included, chrome left out', () => {
    const page = readSpokenPage(document, 'en-US');
    const texts = page.sentences.map((s) => s.text);
    expect(texts[0]).toBe('All about fish');
    expect(texts).toContain('Dr. Smith counted 3.5 million of them, e.g. sharks and rays!');
    expect(texts).toContain('Is that a lot?');
    expect(texts.join(' ')).not.toMatch(/Home|Copyright|Share this/);
    for (const s of page.sentences) expect(rangeOf(page.map, s.start, s.end)!.toString()).toBe(s.text);
  });

  it('finds the sentence under a point, and the next one after a point between sentences', () => {
    const page = readSpokenPage(document, 'en-US');
    const second = document.querySelectorAll('article p')[1]!.firstChild!;
    const at = (needle: string) => (second as Text).data.indexOf(needle);
    const index = (text: string) => page.sentences.findIndex((s) => s.text.startsWith(text));
    expect(sentenceAtPoint(page, second, at('Smith'))).toBe(index('Dr. Smith'));
    expect(sentenceAtPoint(page, second, at('Yes'))).toBe(index('Yes'));
    // The nav is not read: a point in it leads to the first sentence that is.
    expect(sentenceAtPoint(page, document.querySelector('nav a')!.firstChild!, 0)).toBe(0);
    expect(sentenceAtPoint(page, document.querySelector('footer')!.firstChild!, 3)).toBe(-1);
  });

  it('counts a click only on a sentence’s own text', () => {
    const page = readSpokenPage(document, 'en-US');
    const first = document.querySelector('article p')!.firstChild as Text;
    const end = first.data.indexOf('.') + 1;
    expect(sentenceUnderPoint(page, first, 3)).toBe(1);
    expect(sentenceUnderPoint(page, first, end)).toBe(1);
    expect(sentenceUnderPoint(page, document.querySelector('nav a')!.firstChild!, 0)).toBe(-1);
  });

  it('falls back to the visible body text when the page has no article', () => {
    load('<body><div>Short note. <span>Nothing more.</span></div></body>');
    expect(readSpokenPage(document).sentences.map((s) => s.text)).toEqual(['Short note.', 'Nothing more.']);
  });

  it('reads CJK text sentence by sentence', () => {
    load('<body><p>今天天气很好。我们去公园吧！你来吗？</p></body>');
    expect(readSpokenPage(document, 'zh-CN').sentences.map((s) => s.text)).toEqual(['今天天气很好。', '我们去公园吧！', '你来吗？']);
  });
});

describe('sentenceIndexAt', () => {
  const sentences = [
    { text: 'a', start: 0, end: 5 },
    { text: 'b', start: 7, end: 9 },
  ];
  it('finds the holding sentence or the next one', () => {
    expect(sentenceIndexAt(sentences, 0)).toBe(0);
    expect(sentenceIndexAt(sentences, 4)).toBe(0);
    expect(sentenceIndexAt(sentences, 5)).toBe(1);
    expect(sentenceIndexAt(sentences, 8)).toBe(1);
    expect(sentenceIndexAt(sentences, 9)).toBe(-1);
  });
});
