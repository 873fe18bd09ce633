// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import MarkdownRenderer from '../../../components/markdown/MarkdownRenderer';
import { sanitizeBlock, sanitizeMath } from '../../../components/markdown/sanitize';
import { mount, settle, type Mounted } from '../support/dom';

declare global {
  var pwned: number | undefined;
}

let view: Mounted | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
  globalThis.pwned = undefined;
});

const FORBIDDEN_ELEMENTS =
  'script, iframe, frame, object, embed, style, link, meta, base, form, img, video, audio, source, details, template, textarea, select, button:not(.md-copy):not(.md-img-load)';
const SAFE_URL = /^(https?:|mailto:)/;

/** Everything an answer must never contain, whatever its markdown. */
function expectInert(root: HTMLElement) {
  expect(root.querySelectorAll(FORBIDDEN_ELEMENTS)).toHaveLength(0);
  const svgOutsideMath = [...root.querySelectorAll('svg')].filter((svg) => !svg.closest('.katex, .md-img-load'));
  expect(svgOutsideMath).toHaveLength(0);
  for (const element of root.querySelectorAll('*')) {
    for (const attr of element.attributes) {
      expect(attr.name.startsWith('on'), `${element.localName}[${attr.name}]`).toBe(false);
      expect(attr.value, `${element.localName}[${attr.name}]`).not.toMatch(/^\s*(javascript|vbscript|data):/i);
      if (attr.name === 'style') expect(element.closest('.katex, .katex-error')).not.toBeNull();
    }
  }
  for (const link of root.querySelectorAll('[href]')) {
    expect(link.localName).toBe('a');
    expect(link.getAttribute('href')).toMatch(SAFE_URL);
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  }
  expect(globalThis.pwned).toBeUndefined();
}

async function render(markdown: string) {
  view = await mount(<MarkdownRenderer text={markdown} />);
  return view.container;
}

/** Raw HTML must come out as its own source text, visible and inert. */
const RAW_HTML: string[] = [
  '<script>globalThis.pwned = 1</script>',
  '<img src=x onerror="globalThis.pwned = 1">',
  '<svg onload="globalThis.pwned = 1"><circle r="1"/></svg>',
  '<iframe src="https://evil.example/"></iframe>',
  '<style>body { display: none }</style>',
  '<a href="javascript:globalThis.pwned = 1">click</a>',
  '<details open ontoggle="globalThis.pwned = 1">x</details>',
  '<div style="background:url(javascript:alert(1))">styled</div>',
  '<math><mtext><table><mglyph><style><img src=x onerror="globalThis.pwned = 1">',
  '<form action="https://evil.example/"><input name="q"></form>',
  '<object data="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></object>',
  // marked passes text between inline <script> tags through unescaped; it must still come out as text.
  '<script>1 <img src=y onerror="globalThis.pwned = 1"// </script>',
];

/** Markdown constructs that would produce a dangerous URL or element if taken at face value. */
const MARKDOWN_PAYLOADS: string[] = [
  '[click](javascript:globalThis.pwned=1)',
  '[click](JaVaScRiPt:alert(1))',
  '[click](&#106;avascript:alert(1))',
  '[click](java&#x09;script:alert(1))',
  '[click](<javascript:alert(1)>)',
  '[click](  javascript:alert(1)  )',
  '[click](vbscript:msgbox(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '<javascript:alert(1)>',
  '<data:text/html,<script>alert(1)</script>>',
  '[x][ref]\n\n[ref]: javascript:alert(1)',
  '![pic](javascript:alert(1))',
  '![pic](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+)',
  '[![pic](https://img.example/a.png)](javascript:alert(1))',
  '[ok](https://ok.example "t\\" onmouseover=\\"alert(1)")',
  'www.example.com/"onmouseover="alert(1)',
  '&lt;script&gt;globalThis.pwned=1&lt;/script&gt;',
  '&#60;img src=x onerror=alert(1)&#62;',
  'hi <script>x <img src=y onerror="globalThis.pwned=1"// </script> after',
  '<scr<script>ipt>globalThis.pwned=1</script>',
  '```"><img src=x onerror=alert(1)>\ncode\n```',
  '| a |\n|---|\n| <img src=x onerror=alert(1)> |',
  '- [ ] <input type="text" autofocus onfocus="globalThis.pwned=1">',
  '$<img src=x onerror="globalThis.pwned=1">$',
  '$\\href{javascript:alert(1)}{x}$',
  '$\\url{javascript:alert(1)}$',
  '$\\htmlData{onclick=alert(1)}{x}$ $\\includegraphics{https://evil.example/a.png}$',
  '$$\n\\style{background:url(javascript:alert(1))}{x}\n$$',
];

describe('XSS corpus', () => {
  it.each(RAW_HTML)('shows raw HTML as text: %s', async (payload) => {
    const root = await render(`before\n\n${payload}\n\ninline ${payload} after`);
    expectInert(root);
    // Both the block form and the inline form show the author's markup literally.
    expect(root.textContent?.split(payload).length).toBe(3);
  });

  it.each(MARKDOWN_PAYLOADS)('neutralises %s', async (payload) => {
    const root = await render(payload);
    expectInert(root);
    // KaTeX loads lazily; check again once math, if any, has been typeset.
    if (root.querySelector('.md-math')) {
      await settle(() => root.querySelector('.md-math-source') === null);
      expectInert(root);
    }
  });

  it('keeps the text of a rejected link but drops the link', async () => {
    const root = await render('[click me](javascript:alert(1)) and [home](https://example.com/)');
    expect(root.textContent).toBe('click me and home');
    expect([...root.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['https://example.com/']);
  });

  it('keeps mailto links', async () => {
    const root = await render('[mail](mailto:someone@example.com) or someone@example.org');
    expect([...root.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      'mailto:someone@example.com',
      'mailto:someone@example.org',
    ]);
  });

  it('drops relative and protocol-less links to text', async () => {
    const root = await render('[a](/etc/passwd) [b](#x) [c](chrome://settings) [d](file:///etc/passwd)');
    expect(root.querySelectorAll('a')).toHaveLength(0);
    expect(root.textContent).toBe('a b c d');
  });
});

describe('DOMPurify layer on its own', () => {
  it('removes what the renderer never emits, even if handed it directly', () => {
    const fragment = sanitizeBlock(
      '<a href="javascript:alert(1)" onclick="x()">bad</a><a href="https://ok.example/">ok</a>' +
        '<img src=x onerror=y()><script>1</script><svg onload=1></svg><iframe src="https://e.example"></iframe>' +
        '<style>*{}</style><input type="text" onfocus="x()"><span data-md-img="javascript:alert(1)">pic</span>' +
        '<p style="color:red" data-evil="1" class="x" id="y">t</p><a href="data:text/html,x">d</a>',
    );
    const box = document.createElement('div');
    box.append(fragment);
    expect(box.querySelectorAll('img, script, svg, iframe, style')).toHaveLength(0);
    const [bad, ok, data] = [...box.querySelectorAll('a')];
    expect(bad?.hasAttribute('href')).toBe(false);
    expect(bad?.hasAttribute('onclick')).toBe(false);
    expect(ok?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(ok?.getAttribute('target')).toBe('_blank');
    expect(data?.hasAttribute('href')).toBe(false);
    const input = box.querySelector('input');
    expect(input?.getAttribute('type')).toBe('checkbox');
    expect(input?.hasAttribute('disabled')).toBe(true);
    expect(input?.hasAttribute('onfocus')).toBe(false);
    expect(box.querySelector('span')?.hasAttribute('data-md-img')).toBe(false);
    const p = box.querySelector('p');
    expect(p?.attributes).toHaveLength(0);
  });

  it('lets inline styles through only inside KaTeX output', () => {
    const html = sanitizeMath(
      '<span class="katex"><span style="height:1em" onclick="x()">k</span></span><span style="position:fixed">out</span>',
    );
    expect(html).toBe('<span class="katex"><span style="height:1em">k</span></span><span>out</span>');
  });
});
