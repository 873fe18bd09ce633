// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stylesheetsLoaded } from '../../../components/startup/stylesheets';

/** A stylesheet link as the early box adds it: in the head, its sheet not yet loaded. */
function linkStylesheet(): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = 'data:text/css,';
  document.head.append(link);
  return link;
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
};

afterEach(() => {
  document.head.replaceChildren();
  vi.useRealTimers();
});

describe('the app waits for its stylesheets', () => {
  it('settles at once when the page links none', async () => {
    vi.useFakeTimers();
    expect(await settled(stylesheetsLoaded())).toBe(true);
  });

  it('settles only once every linked stylesheet has loaded or failed', async () => {
    vi.useFakeTimers();
    const [first, second] = [linkStylesheet(), linkStylesheet()];
    const loaded = stylesheetsLoaded();
    expect(await settled(loaded)).toBe(false);
    first.dispatchEvent(new Event('load'));
    expect(await settled(loaded)).toBe(false);
    second.dispatchEvent(new Event('error'));
    expect(await settled(loaded)).toBe(true);
    // Its safety timer goes with it.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not keep the panel from mounting when a stylesheet never reports', async () => {
    vi.useFakeTimers();
    linkStylesheet();
    const loaded = stylesheetsLoaded();
    await vi.advanceTimersByTimeAsync(2999);
    expect(await settled(loaded)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(loaded)).toBe(true);
  });
});
