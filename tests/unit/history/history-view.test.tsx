// @vitest-environment jsdom
import { act } from 'react';
import { deleteDB } from 'idb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HistoryView } from '../../../components/history/HistoryView';
import { createConversation, putMessage } from '../../../lib/storage/conversations';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { mount, settle, type } from '../support/dom';

// jsdom lays nothing out; the list's scroller gets a height so the virtualiser mounts rows.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('history-scroll') ? 600 : 0;
    },
  });
});
afterAll(() => {
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
});

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
});

describe('the history view', () => {
  it('heads the date groups in the interface language and keeps titles in their own direction', async () => {
    await createConversation({ title: 'Plan für heute' });
    const { container } = await mount(<HistoryView onOpen={() => undefined} />, 'ja-JP');
    await settle(() => container.querySelector('h3') !== null);
    expect(container.querySelector('h3')!.textContent).toBe('今日');
    expect(container.querySelector('ul')!.getAttribute('aria-labelledby')).toBe(container.querySelector('h3')!.id);
    const title = container.querySelector('.history-title')!;
    expect(title.textContent).toBe('Plan für heute');
    expect(title.getAttribute('dir')).toBe('auto');
  });

  it('shows the empty state when there is nothing to list', async () => {
    const { container } = await mount(<HistoryView onOpen={() => undefined} />, 'ar-SA');
    await settle(() => container.querySelector('.ui-empty') !== null);
    expect(container.querySelector('.ui-empty')!.textContent).toContain('لا توجد محادثات بعد.');
    expect(container.querySelector('ul')).toBeNull();
  });

  it('marks the search match in titles and in message snippets', async () => {
    await createConversation({ title: 'Alphabet Soup' });
    const greek = await createConversation({ title: 'Greek letters' });
    await putMessage({ id: 'm1', conversationId: greek.id, role: 'user', content: 'a soup of letters', createdAt: 1, status: 'complete' });
    const { container } = await mount(<HistoryView onOpen={() => undefined} />);
    const search = container.querySelector<HTMLInputElement>('input[type=search]')!;
    await act(async () => type(search, 'SOUP'));
    await settle(() => container.querySelectorAll('mark').length === 2);
    const marked = [...container.querySelectorAll('mark')].map((m) => [m.parentElement!.className, m.textContent]);
    // Most recent first: the message hit in "Greek letters", then the title hit.
    expect(marked).toEqual([
      ['history-snippet', 'soup'],
      ['history-title', 'Soup'],
    ]);
  });
});
