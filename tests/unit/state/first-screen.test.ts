import { describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../../lib/core/conversation';
import { fillingScreen } from '../../../components/state/first-screen';

const message = (i: number, content: string): StoredMessage => ({
  id: `m${i}`,
  conversationId: 'c',
  role: i % 2 ? 'assistant' : 'user',
  content,
  createdAt: i,
  status: 'complete',
});
const ids = (messages: StoredMessage[]) => messages.map((m) => m.id);
/** 324 px of text in a 348 px panel: 54 of the estimate's 6 px characters to a line. */
const PANEL = { width: 348, height: 400 };

describe('the messages a conversation first paints', () => {
  it('are the latest ones whose estimated height fills the panel', () => {
    const oneLiners = Array.from({ length: 20 }, (_, i) => message(i, `Message ${i}`));
    // 24 px of padding and gap and one 20 px line each: ten reach 440 px, nine only 396.
    expect(ids(fillingScreen(oneLiners, PANEL))).toEqual(ids(oneLiners.slice(10)));
  });

  it('count wrapped lines and every line of a message', () => {
    const wrapped = [message(0, 'earlier'), message(1, 'x'.repeat(54 * 19 + 1))];
    // 20 wrapped lines: 424 px, the panel full with the one message.
    expect(ids(fillingScreen(wrapped, PANEL))).toEqual(['m1']);
    const lines = [message(0, 'earlier'), message(1, Array.from({ length: 19 }, () => 'line').join('\n'))];
    // 19 short lines: 404 px.
    expect(ids(fillingScreen(lines, PANEL))).toEqual(['m1']);
    const short = [message(0, 'earlier'), message(1, Array.from({ length: 18 }, () => 'line').join('\n'))];
    expect(ids(fillingScreen(short, PANEL))).toEqual(['m0', 'm1']);
  });

  it('are all of them when they do not fill the panel, or when there is no panel to fill', () => {
    const few = [message(0, 'a'), message(1, 'b')];
    expect(ids(fillingScreen(few, PANEL))).toEqual(['m0', 'm1']);
    expect(fillingScreen([], PANEL)).toEqual([]);
    const many = Array.from({ length: 30 }, (_, i) => message(i, `Message ${i}`));
    expect(fillingScreen(many)).toHaveLength(30);
  });

  it('hold at least the latest, in a panel not laid out yet', () => {
    const two = [message(0, 'a'), message(1, 'b')];
    expect(ids(fillingScreen(two, { width: 0, height: 0 }))).toEqual(['m1']);
  });
});
