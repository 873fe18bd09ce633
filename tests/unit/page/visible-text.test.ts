// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { visibleText } from '../../../lib/page/visible-text';

function body(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.body;
}

describe('visibleText', () => {
  it('puts each block on its own line and collapses whitespace in inline text', () => {
    const text = visibleText(
      body(`<h1>Title</h1><p>First   <b>bold</b>
        paragraph.</p><ul><li>one</li><li>two</li></ul><div>a<br>b</div>`),
    );
    expect(text).toBe('Title\nFirst bold paragraph.\none\ntwo\na\nb');
  });

  it('leaves out scripts, styles, hidden elements and form controls', () => {
    const text = visibleText(
      body(`<p>shown</p><script>var secret = 1</script><style>p{}</style><noscript>ns</noscript>
        <div hidden>hidden attr</div><div aria-hidden="true">aria</div><div style="display:none">none</div>
        <span style="visibility:hidden">invisible</span><template><p>tpl</p></template>
        <input value="typed"><textarea>area</textarea><button>Click</button><dialog>closed</dialog><dialog open>open dialog</dialog>`),
    );
    expect(text).toBe('shown\nopen dialog');
  });

  it('keeps the line structure of preformatted text', () => {
    expect(visibleText(body('<pre>line 1\n  line 2</pre>'))).toBe('line 1\nline 2');
  });

  it('joins table cells of a row and rows by line', () => {
    expect(visibleText(body('<table><tr><th>Name</th><th>Age</th></tr><tr><td>Ann</td><td>31</td></tr></table>'))).toBe(
      'Name | Age\nAnn | 31',
    );
  });

  it('reads open shadow roots as rendered', () => {
    const host = body('<div id="host">light</div><p>after</p>').querySelector('#host')!;
    host.attachShadow({ mode: 'open' }).innerHTML = '<p>from the shadow</p>';
    expect(visibleText(document.body)).toBe('from the shadow\nafter');
  });

  it('works on detached trees, where no style can be computed', () => {
    const div = document.createElement('div');
    div.innerHTML = '<p>detached</p><p hidden>gone</p>';
    expect(visibleText(div)).toBe('detached');
  });

  it('stops at the limit', () => {
    const text = visibleText(body(Array.from({ length: 100 }, (_, i) => `<p>paragraph ${i}</p>`).join('')), 50);
    expect(text.length).toBeLessThanOrEqual(50);
    expect(text.startsWith('paragraph 0\nparagraph 1')).toBe(true);
  });
});
