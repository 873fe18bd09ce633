// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetLastScreen, MAX_SCREEN_CHARS, readLastScreen } from '../../../components/startup/last-screen';
import { rememberLastScreen } from '../../../components/startup/take-last-screen';

/** Gives an element the box a browser would have laid out (jsdom lays out nothing). */
function place(el: Element, top: number, bottom: number): void {
  el.getBoundingClientRect = () => ({
    top,
    bottom,
    left: 0,
    right: 300,
    width: 300,
    height: bottom - top,
    x: 0,
    y: top,
    toJSON: () => ({}),
  });
}

/** A log of three messages, the first scrolled out of view, laid out between 50 px from the top and 50 from the bottom. */
function renderedLog(scroll: { top: number; height: number }): HTMLElement {
  document.body.innerHTML = `
    <div class="log" role="log" aria-live="off" aria-label="Conversation" tabindex="0">
      <div class="log-content">
        <article class="message message-user" aria-label="You"><p>Out of view</p></article>
        <article class="message message-user" aria-label="You"><p id="q">A question</p><img src="blob:chrome-extension://x/1" alt="photo"></article>
        <article class="message message-assistant message-last" aria-label="Assistant"><p>An answer</p><img src="data:image/png;base64,AA" alt="chart"></article>
      </div>
    </div>`;
  const log = document.querySelector<HTMLElement>('.log')!;
  place(log, 50, 550);
  const [hidden, question, answer] = log.querySelectorAll('article');
  place(hidden!, -200, 40);
  place(question!, 60, 200);
  place(answer!, 212, 530);
  Object.defineProperties(log, {
    scrollHeight: { value: scroll.height },
    clientHeight: { value: 500 },
    scrollTop: { value: scroll.top, writable: true },
  });
  return log;
}

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('innerHeight', 600);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the copy of the last screen', () => {
  it('keeps the messages in view at the log’s end, where the log sat, without ids or object-URL images', () => {
    rememberLastScreen(renderedLog({ top: 500, height: 1000 }), 'c1');
    const screen = readLastScreen()!;
    expect(screen).toMatchObject({ id: 'c1', top: 50, bottom: 50 });
    const copy = document.createElement('div');
    copy.innerHTML = screen.html;
    const frame = copy.firstElementChild!;
    // The log's frame and styling stay; it is no log for assistive technology, and takes no focus. The copy's own frame
    // scrolls it, not the log.
    expect(frame.className).toBe('log');
    expect((frame as HTMLElement).style.overflow).toBe('visible');
    expect(['role', 'aria-label', 'aria-live', 'tabindex'].filter((a) => frame.hasAttribute(a))).toEqual([]);
    expect([...copy.querySelectorAll('.log-content > article')].map((a) => a.textContent)).toEqual(['A question', 'An answer']);
    expect(copy.querySelector('[id]')).toBeNull();
    expect([...copy.querySelectorAll('img')].map((img) => img.alt)).toEqual(['chart']);
  });

  it('carries the rules that style it, and none of the rest of the page', () => {
    const log = renderedLog({ top: 500, height: 1000 });
    const style = document.createElement('style');
    style.textContent = [
      ':root { --bg: #fff; }',
      ":root[data-theme='dark'] { color-scheme: dark; }",
      'body { margin: 0px; }',
      '.message-assistant p { color: red; }',
      '.message-user::before { content: "»"; }',
      '.settings-view { color: blue; }',
      '.message:hover { color: green; }',
      '@media (max-width: 400px) { .log-content { gap: 4px; } .settings-view { gap: 2px; } }',
      '@media print { .settings-view { display: none; } }',
      '@keyframes spin { 100% { rotate: 1turn; } }',
    ].join('\n');
    document.head.replaceChildren(style);
    rememberLastScreen(log, 'c1');
    const kept = document.createElement('style');
    kept.textContent = readLastScreen()!.css;
    document.head.replaceChildren(kept);
    expect([...kept.sheet!.cssRules].map((rule) => rule.cssText.replace(/\s+/g, ' '))).toEqual([
      ':root { --bg: #fff; }',
      ":root[data-theme='dark'] { color-scheme: dark; }",
      'body { margin: 0px; }',
      '.message-assistant p { color: red; }',
      '.message-user::before { content: "»"; }',
      '@media (max-width: 400px) { .log-content { gap: 4px; } }',
      '@keyframes spin { 100% { rotate: 1turn; } }',
    ]);
  });

  it('is forgotten, not kept stale, when the log is away from its end or the screen is too long to keep', () => {
    rememberLastScreen(renderedLog({ top: 500, height: 1000 }), 'c1');
    expect(readLastScreen()).toBeDefined();
    rememberLastScreen(renderedLog({ top: 400, height: 1000 }), 'c1');
    expect(readLastScreen()).toBeUndefined();

    rememberLastScreen(renderedLog({ top: 500, height: 1000 }), 'c1');
    const log = renderedLog({ top: 500, height: 1000 });
    log.querySelector('.message-last p')!.textContent = 'x'.repeat(MAX_SCREEN_CHARS);
    rememberLastScreen(log, 'c1');
    expect(readLastScreen()).toBeUndefined();
  });

  it('is forgotten when storage refuses it, and reads as none when it is damaged', () => {
    rememberLastScreen(renderedLog({ top: 500, height: 1000 }), 'c1');
    const full = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    rememberLastScreen(renderedLog({ top: 500, height: 1000 }), 'c2');
    full.mockRestore();
    expect(readLastScreen()).toBeUndefined();

    for (const damaged of ['{', '"text"', '{"id":1,"html":"<p>","css":""}', '{"id":"c1","html":"<p>"}', 'null']) {
      localStorage.setItem('parley.lastScreen', damaged);
      expect(readLastScreen()).toBeUndefined();
    }
  });

  it('is forgotten with its conversation, and kept when others go', () => {
    rememberLastScreen(renderedLog({ top: 500, height: 1000 }), 'c1');
    forgetLastScreen(['c2', 'c3']);
    expect(readLastScreen()?.id).toBe('c1');
    forgetLastScreen(['c2', 'c1']);
    expect(readLastScreen()).toBeUndefined();
    rememberLastScreen(renderedLog({ top: 500, height: 1000 }), 'c1');
    forgetLastScreen();
    expect(readLastScreen()).toBeUndefined();
  });
});
