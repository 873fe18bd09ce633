import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchExtension, type ExtensionHarness, type RealSidePanel } from './support/extension';
import { putRawRecord } from './support/idb';
import { servePages, type PageServer } from './support/page-server';

const PAGES = join(import.meta.dirname, 'pages/reader');

/** What the reader must find in article.html, in order: the title, then the article; no nav, no footer. */
const SENTENCES = [
  'Lighthouses of the northern coast',
  'Lighthouses guided ships along the rocky northern coast for two centuries.',
  'Each tower had its own pattern of flashes.',
  'Sailors learned the patterns by heart.',
  'The keepers lived in small cottages beside the towers.',
  'They trimmed the wicks every night and polished the great lenses every morning.',
  'Storms often cut them off from the mainland for weeks.',
  'Today most of the lights run by themselves.',
  'Several towers are now museums that welcome visitors in summer.',
  'The oldest one still shines every night.',
];

/** long.html: enough sentences that a reading is still running while a test works the controls. */
const LONG = ['A long page', ...Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of the long page keeps the reader busy for a while.`)];

const READ_PAGE = 'parley-read-page-aloud';
const READ_FROM_HERE = 'parley-read-aloud-from-here';

interface ReaderState {
  status: 'idle' | 'playing' | 'paused';
  index: number;
  total: number;
  text: string;
  rate: number;
  error?: { code: string };
}

interface Spoken {
  text: string;
  events: string[];
}

/** `silent`: speak nothing and report nothing, as a voice that fails without an error does. */
type Recorder = { spoken: Spoken[]; silent?: boolean };

describe('reading a page aloud', () => {
  let harness: ExtensionHarness;
  let server: PageServer;
  /** An extension page that talks to the background like the panel does. */
  let control: Page;
  let article: Page;
  let long: Page;

  const url = (file: string) => server.url(file);

  async function request<T>(name: string, payload: object): Promise<T> {
    const response = await control.evaluate(([n, p]) => chrome.runtime.sendMessage({ channel: 'parley', name: n, payload: p }), [
      name,
      payload,
    ] as const);
    const envelope = response as { ok: boolean; value?: T; error?: { code: string } };
    if (!envelope.ok) throw new Error(`${name} failed: ${envelope.error?.code}`);
    return envelope.value as T;
  }

  const state = () => request<ReaderState>('reader.state', {});

  /** What chrome.tts was asked to say since the last reset, with the events it reported. */
  const spoken = () => harness.evalInWorker(() => (globalThis as unknown as Recorder).spoken);
  const spokenTexts = async () => (await spoken()).map((s) => s.text);
  /**
   * Waits until chrome.tts has reported every utterance over (ended, or silenced by the reader's tts.stop()). A reading
   * that went on would leave its utterance unfinished, then start the next: this is the first moment a failed pause or
   * stop would show.
   */
  const untilSilent = () =>
    expect
      .poll(async () => (await spoken()).every((s) => ['end', 'interrupted', 'cancelled', 'error'].includes(s.events.at(-1)!)), {
        timeout: 20_000,
      })
      .toBe(true);

  async function tabIdOf(page: Page): Promise<number> {
    return harness.evalInWorker(async (u) => (await chrome.tabs.query({ url: u }))[0]!.id!, page.url());
  }

  async function clickMenu(menuItemId: string, page: Page, frameId = 0): Promise<void> {
    const tabId = await tabIdOf(page);
    await harness.evalInWorker(
      // Chrome's event objects can fire their listeners: the real menu handler runs.
      ({ id, tab, frame, pageUrl }) =>
        (chrome.contextMenus.onClicked as unknown as { dispatch(info: object, tab: object): void }).dispatch(
          { menuItemId: id, frameId: frame, editable: false, pageUrl },
          { id: tab },
        ),
      { id: menuItemId, tab: tabId, frame: frameId, pageUrl: page.url() },
    );
  }

  const sentenceHighlight = (page: Page) =>
    page.evaluate(() => [...(CSS.highlights.get('parley-sentence') ?? [])].map((r) => (r as Range).toString()));

  const hasFloatingControl = (page: Page) => page.evaluate(() => document.querySelector('parley-reader-control') !== null);

  /** Notes every sentence highlight the page shows, from the page's own script world. */
  const watchHighlights = (page: Page) =>
    page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      setInterval(() => {
        const text = [...(CSS.highlights.get('parley-sentence') ?? [])].map((r) => (r as Range).toString()).join('');
        if (text && seen.at(-1) !== text) seen.push(text);
      }, 2);
    });
  const highlightsSeen = (page: Page) => page.evaluate(() => (window as unknown as { seen: string[] }).seen);

  async function open(file: string): Promise<Page> {
    const page = await harness.context.newPage();
    await page.goto(url(file));
    await page.bringToFront();
    return page;
  }

  /** Starts from the context menu and pauses as soon as the first sentence is under way. */
  async function startPaused(page: Page): Promise<ReaderState> {
    await page.bringToFront();
    await clickMenu(READ_PAGE, page);
    await expect.poll(async () => (await state()).status).toBe('playing');
    return request<ReaderState>('reader.control', { action: 'pause' });
  }

  /** Centre of a word inside the paragraph holding `sentence`, scrolled into view. */
  function pointAt(page: Page, sentence: string, word: string): Promise<{ x: number; y: number }> {
    return page.evaluate(
      ([text, w]) => {
        const p = [...document.querySelectorAll('p')].find((el) => el.textContent!.includes(text))!;
        p.scrollIntoView({ block: 'center' });
        const node = p.firstChild as Text;
        const range = document.createRange();
        const at = node.data.indexOf(text) + text.indexOf(w);
        range.setStart(node, at);
        range.setEnd(node, at + w.length);
        const rect = range.getBoundingClientRect();
        return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
      },
      [sentence, word] as const,
    );
  }

  async function untilIdle(): Promise<void> {
    await expect.poll(async () => (await state()).status, { timeout: 20_000 }).toBe('idle');
  }

  async function stopReading(): Promise<void> {
    await request('reader.control', { action: 'stop' });
    await untilIdle();
  }

  beforeAll(async () => {
    server = await servePages(PAGES);

    harness = await launchExtension();
    await harness.waitForVoices();
    control = await harness.openSidePanelPage();

    // chrome.tts.speak is a writable property: wrap it to hear what the reader says.
    await harness.evalInWorker(() => {
      const recorder = globalThis as unknown as Recorder;
      recorder.spoken = [];
      const speak = chrome.tts.speak.bind(chrome.tts);
      (chrome.tts as { speak: unknown }).speak = (text: string, options: chrome.tts.TtsOptions = {}) => {
        const entry: Spoken = { text, events: [] };
        recorder.spoken.push(entry);
        if (recorder.silent) return Promise.resolve();
        return speak(text, {
          ...options,
          onEvent: (event) => {
            entry.events.push(event.type);
            options.onEvent?.(event);
          },
        });
      };
    });
  });

  afterAll(async () => {
    await harness?.close();
    await server?.close();
  });

  beforeEach(async () => {
    await harness.evalInWorker(() => {
      (globalThis as unknown as Recorder).spoken = [];
    });
    await request('reader.control', { action: 'rate', rate: 1 });
  });

  it('reads the page from the context menu in order, highlighting each sentence on the page itself', async () => {
    article = await open('article.html');
    const dom = await article.evaluate(() => document.body.innerHTML);
    await watchHighlights(article);

    await clickMenu(READ_PAGE, article);
    await expect.poll(spokenTexts, { timeout: 30_000 }).toEqual(SENTENCES);
    await untilIdle();

    for (const s of await spoken()) expect(s.events.at(-1)).toBe('end');
    // The highlight went through the sentences in order, over the page's own text. The page
    // samples it, and short sentences can come and go between two samples.
    const seen = await highlightsSeen(article);
    expect(seen.length).toBeGreaterThanOrEqual(3);
    const order = seen.map((text) => SENTENCES.indexOf(text));
    expect(order).not.toContain(-1);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // The last paragraph sits below a tall spacer: following the reading scrolled to it.
    expect(await article.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    // Done: no highlight, no control, and the page's DOM is as it was.
    expect(await sentenceHighlight(article)).toEqual([]);
    expect(await hasFloatingControl(article)).toBe(false);
    expect(await article.evaluate(() => document.body.innerHTML)).toBe(dom);
  });

  it('pauses holding the position, resumes where it stopped, and stops cleanly', async () => {
    // No reading, no reading bar: the panel keeps its height for the conversation.
    expect(await control.getByRole('region', { name: 'Read aloud' }).count()).toBe(0);
    long = await open('long.html');
    const windowId = await control.evaluate(async () => (await chrome.windows.getCurrent()).id);
    const started = await request<ReaderState>('reader.start', { windowId });
    expect(started).toMatchObject({ status: 'playing', total: LONG.length });
    const paused = await request<ReaderState>('reader.control', { action: 'pause' });
    expect(paused.status).toBe('paused');
    const at = paused.index;
    expect(paused.text).toBe(LONG[at]);
    expect(await sentenceHighlight(long)).toEqual([LONG[at]]);

    // Any open panel follows the broadcasts: here the panel page open as a tab.
    await expect.poll(() => control.getByRole('button', { name: 'Resume' }).count()).toBe(1);
    for (const name of ['Previous sentence', 'Next sentence', 'Stop']) expect(await control.getByRole('button', { name }).count()).toBe(1);
    expect(await control.getByRole('combobox', { name: 'Speed' }).inputValue()).toBe('1');
    expect(await control.getByText(`Paused at sentence ${at + 1} of ${LONG.length}`).count()).toBe(1);
    // One compact bar: at 360×640 the conversation keeps most of the height, and the voice is a click away.
    await control.setViewportSize({ width: 360, height: 640 });
    expect((await control.getByRole('region', { name: 'Read aloud' }).boundingBox())!.height).toBeLessThanOrEqual(40);
    expect((await control.getByRole('log', { name: 'Conversation' }).boundingBox())!.height).toBeGreaterThan(640 / 2);
    await control.getByRole('button', { name: 'Voice', exact: true }).click();
    await control.getByRole('dialog', { name: 'Voice' }).getByRole('combobox', { name: 'Voice', exact: true }).waitFor();
    await control.keyboard.press('Escape');
    await control.setViewportSize({ width: 1280, height: 720 });

    const heardBefore = (await spokenTexts()).length;
    await untilSilent();
    expect((await spokenTexts()).length).toBe(heardBefore);
    expect(await state()).toMatchObject({ status: 'paused', index: at });
    expect(await sentenceHighlight(long)).toEqual([LONG[at]]);

    await request('reader.control', { action: 'resume' });
    await expect.poll(async () => (await spokenTexts()).length).toBeGreaterThan(heardBefore + 1);
    const resumed = (await spokenTexts()).slice(heardBefore);
    // The paused sentence is finished from its last reported word (espeak-ng reports none: from its start), then the next.
    expect(LONG[at]!.endsWith(resumed[0]!)).toBe(true);
    expect(resumed[1]).toBe(LONG[at + 1]);
    expect(await spokenTexts()).toEqual(expect.arrayContaining(LONG.slice(0, at)));

    // Stepping while paused moves the highlight sentence by sentence without speaking.
    const here = (await request<ReaderState>('reader.control', { action: 'pause' })).index;
    const heardPaused = (await spokenTexts()).length;
    for (const [action, expected] of [
      ['next', here + 1],
      ['next', here + 2],
      ['previous', here + 1],
    ] as const) {
      expect(await request<ReaderState>('reader.control', { action })).toMatchObject({ status: 'paused', index: expected });
      expect(await sentenceHighlight(long)).toEqual([LONG[expected]]);
    }
    expect((await spokenTexts()).length).toBe(heardPaused);

    await stopReading();
    expect(await sentenceHighlight(long)).toEqual([]);
    expect(await hasFloatingControl(long)).toBe(false);
    await expect.poll(() => control.getByRole('region', { name: 'Read aloud' }).count()).toBe(0);
    const heardAtStop = (await spokenTexts()).length;
    await untilSilent();
    expect((await spokenTexts()).length).toBe(heardAtStop);
  });

  it('offers pause, speed and stop on the page, and jumps to a clicked sentence', async () => {
    await startPaused(long);
    await long.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(async () => (await state()).status).toBe('playing');
    await long.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(async () => (await state()).status).toBe('paused');

    await long.getByRole('combobox', { name: 'Speed' }).selectOption('1.5');
    await expect.poll(async () => (await state()).rate).toBe(1.5);
    expect((await state()).status).toBe('paused');

    // A click on a sentence moves the reading there and plays it.
    const target = LONG[25]!;
    const point = await pointAt(long, target, 'keeps');
    const heard = (await spokenTexts()).length;
    await long.mouse.click(point.x, point.y);
    await expect.poll(async () => (await spokenTexts())[heard]).toBe(target);
    expect(await state()).toMatchObject({ status: 'playing', rate: 1.5 });

    await long.getByRole('button', { name: 'Stop reading' }).click();
    await untilIdle();
    expect(await hasFloatingControl(long)).toBe(false);
    expect(await sentenceHighlight(long)).toEqual([]);
  });

  it('starts "Read aloud from here" at the right-clicked sentence', async () => {
    await article.bringToFront();
    const target = SENTENCES[8]!;
    const point = await pointAt(article, target, 'museums');
    await article.mouse.click(point.x, point.y, { button: 'right' });
    await clickMenu(READ_FROM_HERE, article);
    await expect.poll(spokenTexts, { timeout: 20_000 }).toEqual(SENTENCES.slice(8));
    await untilIdle();
  });

  it('starts from the panel button, goes on with the panel closed, and shows the reading when the panel reopens', async () => {
    let panel: RealSidePanel = await harness.openRealSidePanel();
    await long.bringToFront();
    // Start and pause at once: espeak-ng into a null audio device reads faster than real time.
    await panel.evaluate(async () => {
      const byName = (name: string) =>
        [...document.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim() === name);
      const find = async (name: string) => {
        for (let i = 0; i < 500 && !byName(name); i++) await new Promise((tick) => setTimeout(tick, 10));
        return byName(name)!;
      };
      (await find('Read page aloud')).click();
      (await find('Pause')).click();
    });
    await expect.poll(async () => (await state()).status).toBe('paused');
    expect((await spokenTexts())[0]).toBe(LONG[0]);

    await harness.closeRealSidePanel();
    const heard = (await spokenTexts()).length;
    await request('reader.control', { action: 'resume' });
    // Going on is the point, not how fast: espeak-ng on a loaded machine can take seconds per line.
    await expect.poll(async () => (await spokenTexts()).length, { timeout: 20_000 }).toBeGreaterThan(heard + 2);

    // Reopened mid-reading, the panel asks for the state instead of waiting for the next change.
    await request('reader.control', { action: 'jump', index: 30 });
    await request('reader.control', { action: 'pause' });
    panel = await harness.openRealSidePanel();
    await expect
      .poll(() => panel.evaluate(() => document.querySelector('.reader-bar')?.textContent ?? ''))
      .toContain(`Paused at sentence 31 of ${LONG.length}`);
    expect(await panel.evaluate(() => document.querySelector('.reader-sentence')?.textContent)).toBe(LONG[30]);
    await panel.evaluate(() => (document.querySelector('button[aria-label="Stop"]') as HTMLButtonElement).click());
    await untilIdle();
    await harness.closeRealSidePanel();
  });

  it('stops and cleans up when the tab navigates or closes', async () => {
    expect((await startPaused(long)).status).toBe('paused');
    await long.goto(url('other.html'));
    await untilIdle();

    await long.goto(url('long.html'));
    expect((await startPaused(long)).status).toBe('paused');
    await long.close();
    await untilIdle();
  });

  it('labels the on-page control in Parley’s language, not the browser’s', async () => {
    // The browser speaks English; Parley is set to French.
    await putRawRecord(control, 'prefs', 'fr-FR', 'locale');
    long = await open('long.html');
    const paused = await startPaused(long);
    const bar = long.getByRole('group', { name: 'Lecture à voix haute' });
    await expect.poll(() => bar.getByRole('button', { name: 'Reprendre' }).count()).toBe(1);
    // Its numbers too, written by the background: the page is never made to load a number format.
    expect(await bar.getByRole('option', { name: '1,5×' }).count()).toBe(1);
    expect(await bar.textContent()).toContain(`${paused.index + 1} / ${LONG.length}`);
    for (const name of ['Phrase précédente', 'Phrase suivante', 'Arrêter la lecture'])
      expect(await bar.getByRole('button', { name }).count()).toBe(1);
    expect(await bar.getByRole('combobox', { name: 'Vitesse' }).count()).toBe(1);
    expect(await bar.getAttribute('lang')).toBe('fr-FR');
    await bar.getByRole('button', { name: 'Reprendre' }).click();
    await expect.poll(() => bar.getByRole('button', { name: 'Mettre en pause' }).count()).toBe(1);
    await stopReading();

    // In Arabic the control also mirrors.
    await putRawRecord(control, 'prefs', 'ar-SA', 'locale');
    await startPaused(long);
    const arabic = long.getByRole('group', { name: 'القراءة بصوت عالٍ' });
    await expect.poll(() => arabic.getAttribute('dir')).toBe('rtl');
    await stopReading();
    await putRawRecord(control, 'prefs', 'en-US', 'locale');
  });

  it('ends a reading whose voice never makes a sound, clearing the page, and offers another engine', async () => {
    await harness.evalInWorker(() => {
      (globalThis as unknown as Recorder).silent = true;
    });
    try {
      // Its own address: tabs are found by address, and the article may be open already.
      const page = await open('article.html?silent');
      await clickMenu(READ_PAGE, page);
      // The control shows without the voice, so the reading can be stopped meanwhile.
      await expect.poll(() => hasFloatingControl(page), { timeout: 10_000 }).toBe(true);
      await expect.poll(async () => (await state()).error?.code, { timeout: 20_000 }).toBe('stalled');
      expect((await state()).status).toBe('idle');
      await expect.poll(() => hasFloatingControl(page)).toBe(false);
      expect(await sentenceHighlight(page)).toEqual([]);
      await expect.poll(() => control.getByRole('button', { name: 'Read with Microsoft’s online voices' }).count()).toBe(1);
      await page.close();
    } finally {
      await harness.evalInWorker(() => {
        (globalThis as unknown as Recorder).silent = false;
      });
    }
  });

  it('explains a page the browser keeps extensions out of', async () => {
    const page = await harness.context.newPage();
    await page.goto(harness.extensionUrl('manifest.json'));
    await page.bringToFront();
    const windowId = await control.evaluate(async () => (await chrome.windows.getCurrent()).id);
    await expect(request('reader.start', { windowId })).rejects.toThrow('forbidden');
    expect((await state()).error?.code).toBe('forbidden');
    await page.close();
  });
});
