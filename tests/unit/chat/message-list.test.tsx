// @vitest-environment jsdom
import { useCallback, useRef } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../../lib/core/conversation';
import { MessageList, VIRTUAL_FROM } from '../../../components/chat/MessageList';
import { mount, settle, type Mounted } from '../support/dom';
import { alternatingMessages } from '../support/panel-offline';

const VIEWPORT = 600;

/** The panel's log, given the size and scrolling jsdom does not lay out. */
function Log({ messages }: { messages: StoredMessage[] }) {
  const log = useRef<HTMLDivElement | null>(null);
  const attach = useCallback((element: HTMLDivElement | null) => {
    log.current = element;
    if (!element || 'fake' in element.dataset) return;
    element.dataset.fake = '';
    let top = 0;
    Object.defineProperties(element, {
      clientHeight: { get: () => VIEWPORT },
      clientWidth: { get: () => 400 },
      scrollTop: {
        get: () => top,
        set: (value: number) => {
          top = Math.max(0, value - VIEWPORT);
          element.dispatchEvent(new Event('scroll'));
        },
      },
      scrollTo: {
        value: ({ top: to }: { top: number }) => {
          top = to;
          element.dispatchEvent(new Event('scroll'));
        },
      },
    });
  }, []);
  return (
    <div role="log" aria-label="Conversation" ref={attach}>
      <MessageList
        messages={messages}
        scrollRef={log}
        renderMessage={(m) => (
          <article key={m.id} aria-label={m.role === 'user' ? 'You' : 'Assistant'}>
            {m.content}
          </article>
        )}
      />
    </div>
  );
}

// jsdom lays nothing out: every message slot measures as one message height.
const MESSAGE_HEIGHT = 100;
const realHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')!;
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('message-slot') ? MESSAGE_HEIGHT : (realHeight.get!.call(this) as number);
    },
  });
});
afterAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', realHeight);
});

let view: Mounted | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const articles = () => [...view!.container.querySelectorAll('[role=log] article')];

describe('the message list', () => {
  it('renders a short conversation whole', async () => {
    view = await mount(<Log messages={alternatingMessages(VIRTUAL_FROM - 1)} />);
    expect(articles()).toHaveLength(VIRTUAL_FROM - 1);
  });

  it('mounts only the messages near the viewport of a 2,000-message conversation, opening at the latest', async () => {
    view = await mount(<Log messages={alternatingMessages(2000)} />);
    await settle(() => [...view!.container.querySelectorAll('.message-slots article')].at(-1)?.textContent === 'Message number 1999');
    expect(articles().length).toBeGreaterThan(1);
    expect(articles().length).toBeLessThan(30);
    expect(articles().at(-1)?.textContent).toBe('Message number 1999');
    expect(articles().some((a) => a.textContent === 'Message number 0')).toBe(false);
    // Roles and names stay: the log, and every message an article named by its author.
    expect(view.container.querySelector('[role=log]')?.getAttribute('aria-label')).toBe('Conversation');
    for (const article of articles()) expect(['You', 'Assistant']).toContain(article.getAttribute('aria-label'));
  });

  it('keeps the mounted count bounded as a streaming conversation grows', async () => {
    view = await mount(<Log messages={alternatingMessages(500)} />);
    await settle(() => view!.container.querySelector('.message-slots') !== null);
    await view.update(<Log messages={alternatingMessages(1000)} />);
    expect(articles().length).toBeGreaterThan(1);
    expect(articles().length).toBeLessThan(30);
  });
});
