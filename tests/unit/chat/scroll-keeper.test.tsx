// @vitest-environment jsdom
import { act, useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScrollKeeper } from '../../../components/chat/use-scroll-keeper';
import { mount } from '../support/dom';

const VIEWPORT = 600;

/**
 * The layout jsdom does not do, as a browser does it: the log's content has a
 * height, scrollTop is clamped to it, and the scroll event a change of
 * scrollTop causes arrives later (at the next frame), not at once.
 */
const layout = { height: 1000, top: 0, pendingScroll: false };
let log: HTMLElement | undefined;
const resized = new Set<() => void>();

class FakeResizeObserver {
  constructor(private readonly callback: () => void) {}
  observe() {
    resized.add(this.callback);
  }
  disconnect() {
    resized.delete(this.callback);
  }
}

function fakeLayout(element: HTMLElement | null) {
  if (!element || log === element) return;
  log = element;
  Object.defineProperties(element, {
    clientHeight: { get: () => VIEWPORT },
    scrollHeight: { get: () => layout.height },
    scrollTop: {
      get: () => layout.top,
      set: (value: number) => {
        layout.top = Math.max(0, Math.min(value, layout.height - VIEWPORT));
        layout.pendingScroll = true;
      },
    },
  });
}

/** Where a list mounted now would start (ScrollKeeper.startAt), as the harness last rendered it. */
let startAt: () => number | undefined = () => undefined;

function Harness({ conversationId }: { conversationId?: string }) {
  const logRef = useRef<HTMLDivElement | null>(null);
  const content = useRef<HTMLDivElement>(null);
  const keeper = useScrollKeeper(logRef, content, conversationId, 'a1');
  startAt = keeper.startAt;
  return (
    <>
      <div
        role="log"
        ref={(el) => {
          fakeLayout(el);
          logRef.current = el;
        }}
      >
        <div ref={content} />
      </div>
      {keeper.away && (
        <button type="button" onClick={keeper.toLatest}>
          Scroll to latest
        </button>
      )}
    </>
  );
}

/** The next frame: scroll events for the scrolls since the last one, then the size changes. */
async function frame() {
  await act(async () => {
    if (layout.pendingScroll) {
      layout.pendingScroll = false;
      log!.dispatchEvent(new Event('scroll'));
    }
    for (const callback of resized) callback();
  });
}

/** The answer grows by `px` in one update. */
const grow = (px: number) => {
  layout.height += px;
};

const distanceFromEnd = () => layout.height - layout.top - VIEWPORT;
const jumpButton = () => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Scroll to latest');

beforeEach(() => {
  Object.assign(layout, { height: 1000, top: 0, pendingScroll: false });
  log = undefined;
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
});

afterEach(() => {
  vi.unstubAllGlobals();
  resized.clear();
});

describe('following a streaming answer', () => {
  it('keeps following when one update grows the answer by more than a screen before its scroll lands', async () => {
    await mount(<Harness />);
    await frame();
    expect(distanceFromEnd()).toBe(0);

    for (const px of [40, 900, 30, 1500, 20]) {
      grow(px);
      // The follow scroll for this growth lands after the next, bigger update already arrived.
      await frame();
      grow(px * 2);
      await frame();
      await frame();
      expect(distanceFromEnd()).toBe(0);
      expect(jumpButton()).toBeUndefined();
    }
  });

  it('stops following once the reader scrolls up themselves, offers Scroll to latest, and follows again from there', async () => {
    await mount(<Harness />);
    await frame();

    act(() => {
      log!.dispatchEvent(new WheelEvent('wheel', { deltaY: -300 }));
      log!.scrollTop = layout.top - 300;
    });
    await frame();
    const top = layout.top;
    expect(jumpButton()).toBeDefined();

    grow(800);
    await frame();
    await frame();
    expect(layout.top).toBe(top);

    await act(async () => jumpButton()!.click());
    grow(800);
    await frame();
    await frame();
    expect(distanceFromEnd()).toBe(0);
    expect(jumpButton()).toBeUndefined();
  });

  it('stops following when the reader wheels up while our last follow scroll has yet to land', async () => {
    await mount(<Harness />);
    await frame();
    grow(300);
    // Our follow scroll for that growth is pending when the wheel comes.
    act(() => {
      for (const callback of resized) callback();
      log!.dispatchEvent(new WheelEvent('wheel', { deltaY: -300 }));
    });
    await frame();
    act(() => {
      log!.scrollTop = layout.top - 300;
    });
    await frame();
    const top = layout.top;
    grow(500);
    await frame();

    expect(layout.top).toBe(top);
    expect(jumpButton()).toBeDefined();
  });

  it('holds the reader at the first message after a Home, while messages arrive above, until they scroll again', async () => {
    await mount(<Harness />);
    await frame();
    expect(startAt()).toBeUndefined();

    act(() => {
      log!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true }));
      log!.scrollTop = 0;
    });
    await frame();
    expect(jumpButton()).toBeDefined();
    // A list mounted now (the virtualiser, with the earlier messages) starts at the first message, not at the end.
    expect(startAt()).toBe(0);
    // The earlier messages arrive, and a layout that moved the view is put back.
    grow(5000);
    act(() => {
      log!.scrollTop = 700;
    });
    await frame();
    expect(layout.top).toBe(0);

    // The reader's own scrolling ends the hold.
    act(() => {
      log!.dispatchEvent(new WheelEvent('wheel', { deltaY: 300 }));
      log!.scrollTop = 300;
    });
    await frame();
    expect(startAt()).toBeUndefined();
    expect(layout.top).toBe(300);
  });

  it('brings the reader back to the first message after a Home, from another conversation', async () => {
    const view = await mount(<Harness conversationId="c1" />);
    await frame();
    act(() => {
      log!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true }));
      log!.scrollTop = 0;
    });
    await frame();
    await view.update(<Harness conversationId="c2" />);
    await frame();
    expect(layout.top).toBe(layout.height - VIEWPORT);
    await view.update(<Harness conversationId="c1" />);
    await frame();
    expect(layout.top).toBe(0);
    expect(jumpButton()).toBeDefined();
  });

  it('stops following when the reader pages up with the keyboard', async () => {
    await mount(<Harness />);
    await frame();

    act(() => {
      log!.dispatchEvent(new KeyboardEvent('keydown', { key: 'PageUp', bubbles: true }));
      log!.scrollTop = layout.top - VIEWPORT;
    });
    await frame();
    const away = distanceFromEnd();
    expect(away).toBeGreaterThan(0);
    grow(500);
    await frame();

    expect(distanceFromEnd()).toBe(away + 500);
    expect(jumpButton()).toBeDefined();
  });
});
