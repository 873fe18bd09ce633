// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferAppScripts, earlyStrings, nameEarlyBox } from '../../../build/side-panel-page';
import { rememberConversationHint } from '../../../components/startup/conversation-hint';
import { readLook, rememberLook, startEarlyComposer, takeEarlyInput } from '../../../components/startup/early-composer';
import type { LastScreen } from '../../../components/startup/last-screen';
import { EARLY_SCREEN_ID } from '../../../components/startup/page-ids';
import { SUPPORTED_LOCALES } from '../../../lib/i18n/languages';

const ROOT = resolve(import.meta.dirname, '../../..');
const STRINGS = earlyStrings(resolve(ROOT, 'lib/i18n/locales'));

/** The message view's files, as the build names them in their own template. */
const VIEW_FILES = ['/assets/MessageItem-E5.css', '/chunks/MessageItem-F6.js'];

/** The early box, and the app's scripts in their template, as the built sidepanel.html carries them. */
function loadPanelHtml(): void {
  const html = deferAppScripts(nameEarlyBox(readFileSync(resolve(ROOT, 'entrypoints/sidepanel/index.html'), 'utf8'), STRINGS), {
    readStylesheet: () => '',
    conversationView: () => VIEW_FILES,
  });
  document.head.replaceChildren();
  document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(html)![1]!;
}

const appScript = () => document.head.querySelector<HTMLScriptElement>('script[type="module"]');

const box = () => document.querySelector<HTMLTextAreaElement>('#early-composer textarea')!;
const press = (init: KeyboardEventInit) => {
  const event = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true, ...init });
  box().dispatchEvent(event);
  return event;
};

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
  loadPanelHtml();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the early message box', () => {
  it('has a name and a hint in every interface language, from the same strings as the app', () => {
    expect(Object.keys(STRINGS).sort()).toEqual(SUPPORTED_LOCALES.map((l) => l.code).sort());
    for (const strings of Object.values(STRINGS)) {
      expect(strings.label.trim()).not.toBe('');
      expect(strings.placeholder.trim()).not.toBe('');
    }
    expect(STRINGS['en-US']).toEqual({ label: 'Message', placeholder: 'Ask anything… (Enter to send, Shift+Enter for a new line)' });
  });

  it("is shown, autofocused and named in the default language by the page itself, then in the user's by its script", () => {
    vi.stubGlobal('navigator', { language: 'de-DE' });
    expect(document.getElementById('early-composer')!.hidden).toBe(false);
    expect(box().autofocus).toBe(true);
    expect(box().getAttribute('aria-label')).toBe('Message');
    startEarlyComposer(STRINGS);
    expect(box().getAttribute('aria-label')).toBe(STRINGS['de-DE']!.label);
    expect(document.activeElement).toBe(box());
  });

  it('starts the app once the box has been painted, connecting its scripts from their template', () => {
    expect(document.querySelector('template')?.content.querySelector('script[type="module"]')).not.toBeNull();
    startEarlyComposer(STRINGS);
    expect(document.activeElement).toBe(box());
    vi.advanceTimersToNextFrame();
    expect(appScript()).toBeNull();
    // The task after the frame, long before the wait for a frame ends (a zero delay set within a fake frame is 1 ms).
    vi.advanceTimersByTime(1);
    expect(appScript()?.getAttribute('src')).toBe('./sidepanel.tsx');
    expect(document.querySelector('template')).toBeNull();
  });

  it('starts the app without a frame when the page is or becomes hidden, or when no frame comes soon', () => {
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    startEarlyComposer(STRINGS);
    expect(appScript()).not.toBeNull();

    loadPanelHtml();
    hidden.mockReturnValue(false);
    startEarlyComposer(STRINGS);
    expect(appScript()).toBeNull();
    hidden.mockReturnValue(true);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(appScript()).not.toBeNull();

    vi.restoreAllMocks();
    loadPanelHtml();
    const frame = vi.spyOn(window, 'requestAnimationFrame').mockReturnValue(0);
    startEarlyComposer(STRINGS);
    expect(frame).toHaveBeenCalled();
    vi.advanceTimersByTime(499);
    expect(appScript()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(appScript()).not.toBeNull();
    // The frame's task, had it come late, does not connect the scripts a second time.
    vi.runAllTimers();
    expect(document.head.querySelectorAll('script[type="module"]')).toHaveLength(1);
  });

  it("fetches the conversation view with the app's scripts, and paints the last screen's copy, only when the panel will reopen a conversation", () => {
    const viewLinks = () => [...document.head.querySelectorAll('link')].map((link) => `${link.rel} ${link.getAttribute('href')}`);
    const copy = () => document.getElementById(EARLY_SCREEN_ID);
    const screen: LastScreen = { id: 'c1', html: '<article>An answer</article>', css: 'article { color: red; }', top: 40, bottom: 80 };
    localStorage.setItem('parley.lastScreen', JSON.stringify(screen));
    startEarlyComposer(STRINGS);
    vi.runAllTimers();
    expect(viewLinks()).toEqual([]);
    expect(copy()).toBeNull();
    expect(document.querySelector('template')).toBeNull();

    loadPanelHtml();
    rememberConversationHint('c1');
    startEarlyComposer(STRINGS);
    // The copy is painted at once, beside the box, before the first frame; the app's scripts wait for that frame.
    expect(copy()?.textContent).toBe('An answer');
    expect(copy()?.nextElementSibling?.id).toBe('early-composer');
    expect(appScript()).toBeNull();
    vi.runAllTimers();
    expect(appScript()).not.toBeNull();
    expect(viewLinks()).toEqual(['stylesheet /assets/MessageItem-E5.css', 'modulepreload /chunks/MessageItem-F6.js']);
    expect(document.querySelector('template')).toBeNull();
  });

  it("starts the app even when the box cannot be named in the user's language", () => {
    startEarlyComposer({});
    vi.runAllTimers();
    expect(appScript()).not.toBeNull();
    expect(box().getAttribute('aria-label')).toBe('Message');

    loadPanelHtml();
    vi.stubGlobal('navigator', undefined);
    expect(() => startEarlyComposer(STRINGS)).toThrow(TypeError);
    vi.runAllTimers();
    expect(appScript()).not.toBeNull();
  });

  it('shows the language and theme the panel last showed, mirrored Arabic', () => {
    rememberLook({ locale: 'ar-SA', theme: 'dark' });
    startEarlyComposer(STRINGS);
    expect(box().getAttribute('aria-label')).toBe(STRINGS['ar-SA']!.label);
    expect(box().placeholder).toBe(STRINGS['ar-SA']!.placeholder);
    expect(document.documentElement.lang).toBe('ar-SA');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it("follows the browser's language on a first open, and when the remembered one is unknown", () => {
    vi.stubGlobal('navigator', { language: 'de-AT' });
    startEarlyComposer(STRINGS);
    expect(box().getAttribute('aria-label')).toBe(STRINGS['de-DE']!.label);
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.dataset.theme).toBeUndefined();

    loadPanelHtml();
    localStorage.setItem('parley.look', '{not json');
    expect(readLook()).toEqual({});
    rememberLook({ locale: 'xx-XX' });
    startEarlyComposer(STRINGS);
    expect(document.documentElement.lang).toBe('de-DE');
  });

  it('asks for the text to be sent on Enter, but not on Shift+Enter, an IME Enter or an empty box', () => {
    startEarlyComposer(STRINGS);
    expect(press({}).defaultPrevented).toBe(true);
    expect(takeEarlyInput()).toEqual({ text: '', send: false, focused: true });

    loadPanelHtml();
    startEarlyComposer(STRINGS);
    box().value = 'Line one';
    expect(press({ shiftKey: true }).defaultPrevented).toBe(false);
    press({ isComposing: true });
    expect(takeEarlyInput()).toMatchObject({ text: 'Line one', send: false });

    loadPanelHtml();
    startEarlyComposer(STRINGS);
    box().value = 'Send me';
    press({});
    expect(takeEarlyInput()).toEqual({ text: 'Send me', send: true, focused: true });
  });

  it('is taken once: the app finds it gone afterwards', () => {
    startEarlyComposer(STRINGS);
    box().value = 'kept';
    box().blur();
    expect(takeEarlyInput()).toEqual({ text: 'kept', send: false, focused: false });
    expect(document.getElementById('early-composer')).toBeNull();
    expect(takeEarlyInput()).toBeUndefined();
  });
});
