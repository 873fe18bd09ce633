// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { recordContextPoint, takeContextPoint } from '../../../lib/reader/context-point';

describe('context point', () => {
  document.body.innerHTML = '<p>Some text.</p>';
  const p = document.querySelector('p')!;
  const rightClick = () => {
    const event = new MouseEvent('contextmenu', { clientX: 5, clientY: 5, bubbles: true });
    p.dispatchEvent(event);
    return event;
  };

  it('records the right-clicked point once, for the reader injected later', () => {
    const scope = {};
    const event = rightClick();
    // jsdom has no caret lookup, so the target itself stands in.
    recordContextPoint(event, scope);
    expect(takeContextPoint(scope)).toMatchObject({ node: p, offset: 0 });
    expect(takeContextPoint(scope)).toBeUndefined();
  });

  it('uses the caret under the pointer when the browser can tell', () => {
    const scope = {};
    const text = p.firstChild!;
    document.caretPositionFromPoint = () => ({ offsetNode: text, offset: 5 }) as unknown as CaretPosition;
    try {
      recordContextPoint(rightClick(), scope);
    } finally {
      delete (document as Partial<Document>).caretPositionFromPoint;
    }
    expect(takeContextPoint(scope)).toMatchObject({ node: text, offset: 5 });
  });

  it('forgets a point from long ago or from a node the page removed', () => {
    const scope = {};
    recordContextPoint(rightClick(), scope);
    expect(takeContextPoint(scope, Date.now() + 120_000)).toBeUndefined();

    const gone = document.createElement('span');
    document.body.append(gone);
    const event = new MouseEvent('contextmenu', { bubbles: true });
    gone.dispatchEvent(event);
    recordContextPoint(event, scope);
    gone.remove();
    expect(takeContextPoint(scope)).toBeUndefined();
  });
});
