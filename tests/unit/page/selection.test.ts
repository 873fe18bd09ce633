// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { pickSelection, selectionOf } from '../../../lib/page/selection';

describe('selectionOf', () => {
  it('reads the document selection, trimmed', () => {
    document.body.innerHTML = '<p id="a">Before.  Chosen words  </p><p>after</p>';
    const range = document.createRange();
    range.setStart(document.getElementById('a')!.firstChild!, 7);
    range.setEnd(document.getElementById('a')!.firstChild!, 22);
    document.getSelection()!.removeAllRanges();
    document.getSelection()!.addRange(range);
    expect(selectionOf(document).text).toBe('Chosen words');
  });

  it('reads a selection inside a focused text field', () => {
    document.body.innerHTML = '<textarea>hello brave new world</textarea>';
    const area = document.querySelector('textarea')!;
    area.focus();
    area.setSelectionRange(6, 15);
    expect(selectionOf(document).text).toBe('brave new');
  });

  it('never reads a password field', () => {
    document.body.innerHTML = '<input type="password" value="hunter2">';
    document.getSelection()!.removeAllRanges();
    const input = document.querySelector('input')!;
    input.focus();
    input.setSelectionRange(0, 7);
    expect(selectionOf(document).text).toBe('');
  });
});

describe('pickSelection', () => {
  const frame = (frameId: number, text: string, focused = false) => ({ frameId, snapshot: { text, focused } });

  it('prefers the focused frame', () => {
    expect(pickSelection([frame(0, 'top'), frame(5, 'inner', true)])?.text).toBe('inner');
  });

  it('otherwise takes the first frame with text, top frame first', () => {
    expect(pickSelection([frame(9, 'late'), frame(0, ''), frame(3, 'early')])?.text).toBe('early');
    expect(pickSelection([frame(0, ''), frame(1, '', true)])).toBeUndefined();
  });
});
