// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { rememberConversationHint } from '../../../components/app/conversation-hint';
import { showEarlyScreen } from '../../../components/app/early-screen';
import type { LastScreen } from '../../../components/app/last-screen';

const COPY: LastScreen = {
  id: 'c1',
  html: '<div class="log"><div class="log-content"><article>An answer</article></div></div>',
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

const shown = () => document.getElementById('early-screen');

/** The stylesheet loads (jsdom loads none): it has a sheet, and says so. */
async function stylesheetLoads(outcome: 'load' | 'error'): Promise<void> {
  const link = document.head.querySelector('link')!;
  if (outcome === 'load') Object.defineProperty(link, 'sheet', { value: {} });
  link.dispatchEvent(new Event(outcome));
  await new Promise((settle) => setTimeout(settle));
}

beforeEach(() => {
  localStorage.clear();
  loadPage();
});

describe('the last screen painted before the app has loaded', () => {
  it('shows the copy of the conversation the panel reopens, once the app’s stylesheets are in, out of reach of assistive technology', async () => {
    localStorage.setItem('parley.lastScreen', JSON.stringify(COPY));
    rememberConversationHint('c1');
    showEarlyScreen();
    const screen = shown()!;
    expect(screen.nextElementSibling?.id).toBe('early-composer');
    expect(screen.textContent).toBe('An answer');
    expect(screen.style.insetBlock).toBe('40px 80px');
    expect({ inert: screen.inert, hidden: screen.getAttribute('aria-hidden') }).toEqual({ inert: true, hidden: 'true' });
    // The app's stylesheet is fetched now, its scripts still wait in their template.
    expect(document.head.querySelector('link')?.getAttribute('href')).toBe('/assets/app.css');
    expect(document.querySelector('template')!.content.querySelector('link')).toBeNull();
    expect(document.querySelector('template')!.content.querySelector('script')).not.toBeNull();
    // Never unstyled.
    expect(screen.hidden).toBe(true);
    await stylesheetLoads('load');
    expect(screen.hidden).toBe(false);
  });

  it('goes when the app takes over from the early box', async () => {
    localStorage.setItem('parley.lastScreen', JSON.stringify(COPY));
    rememberConversationHint('c1');
    showEarlyScreen();
    document.getElementById('early-composer')!.remove();
    await Promise.resolve();
    expect(shown()).toBeNull();
  });

  it('stays hidden when a stylesheet fails to load', async () => {
    localStorage.setItem('parley.lastScreen', JSON.stringify(COPY));
    rememberConversationHint('c1');
    showEarlyScreen();
    await stylesheetLoads('error');
    expect(shown()!.hidden).toBe(true);
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
