// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { rememberConversationHint } from '../../../components/startup/conversation-hint';
import { showEarlyScreen } from '../../../components/startup/early-screen';
import type { LastScreen } from '../../../components/startup/last-screen';
import { EARLY_SCREEN_ID } from '../../../components/startup/page-ids';

const COPY: LastScreen = {
  id: 'c1',
  html: '<div class="log"><div class="log-content"><article>An answer</article></div></div>',
  css: 'article { color: rgb(1, 2, 3); }',
  top: 40,
  bottom: 80,
};

/** The page as the early box leaves it: the box, and the app's stylesheet still in its template. */
function loadPage(): void {
  document.head.replaceChildren();
  document.body.innerHTML = `
    <div id="root"></div>
    <div id="early-composer"><textarea></textarea></div>
    <template id="app-scripts"><link rel="stylesheet" href="/assets/app.css"><script type="module" src="/chunks/app.js"></script></template>`;
}

const shown = () => document.getElementById(EARLY_SCREEN_ID);

beforeEach(() => {
  localStorage.clear();
  loadPage();
});

describe('the last screen painted before the app has loaded', () => {
  it('shows the copy of the conversation the panel reopens, styled by its own rules, out of reach of assistive technology', () => {
    localStorage.setItem('parley.lastScreen', JSON.stringify(COPY));
    rememberConversationHint('c1');
    showEarlyScreen();
    const screen = shown()!;
    expect(screen.nextElementSibling?.id).toBe('early-composer');
    expect(screen.hidden).toBe(false);
    expect(screen.textContent).toBe('An answer');
    expect(getComputedStyle(screen.querySelector('article')!).color).toBe('rgb(1, 2, 3)');
    expect(screen.style.insetBlock).toBe('40px 80px');
    expect({ inert: screen.inert, hidden: screen.getAttribute('aria-hidden') }).toEqual({ inert: true, hidden: 'true' });
    // The app's stylesheet is fetched now, its scripts still wait in their template.
    expect(document.head.querySelector('link')?.getAttribute('href')).toBe('/assets/app.css');
    expect(document.querySelector('template')!.content.querySelector('link')).toBeNull();
    expect(document.querySelector('template')!.content.querySelector('script')).not.toBeNull();
  });

  it('goes, with its rules, when the app takes over from the early box', async () => {
    localStorage.setItem('parley.lastScreen', JSON.stringify(COPY));
    rememberConversationHint('c1');
    showEarlyScreen();
    expect(document.head.querySelector('style')?.textContent).toBe(COPY.css);
    document.getElementById('early-composer')!.remove();
    await Promise.resolve();
    expect(shown()).toBeNull();
    expect(document.head.querySelector('style')).toBeNull();
  });

  it('shows nothing for another conversation, without a copy, or once the app has taken over', () => {
    localStorage.setItem('parley.lastScreen', JSON.stringify(COPY));
    rememberConversationHint('c2');
    showEarlyScreen();
    expect(shown()).toBeNull();

    rememberConversationHint('c1');
    document.getElementById('early-composer')!.remove();
    showEarlyScreen();
    expect(shown()).toBeNull();

    loadPage();
    localStorage.removeItem('parley.lastScreen');
    showEarlyScreen();
    expect(shown()).toBeNull();
    expect(document.head.querySelector('link')).toBeNull();
  });
});
