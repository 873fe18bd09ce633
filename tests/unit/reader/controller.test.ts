import { describe, expect, it, vi } from 'vitest';
import { ChatFailure, chatError } from '../../../lib/core/errors';
import type { BackgroundToPage, PageToBackground, ReaderState } from '../../../lib/messaging/reader-protocol';
import { controlLabelsFor, type ControlLabels } from '../../../lib/reader/control-labels';
import { ReaderController, type PageLink, type ReaderControllerDeps } from '../../../lib/reader/controller';
import { VOICE_START_TIMEOUT_MS } from '../../../lib/reader/session';
import type { ReadTarget } from '../../../lib/reader/menu';
import { FakeEngine, settle } from './fake-engine';

/** A page that answers `prepare` with fixed sentences and records what it is told. */
class FakePage implements PageLink {
  readonly received: BackgroundToPage[] = [];
  closed = false;
  private readonly listeners: ((m: PageToBackground) => void)[] = [];
  private readonly closers: (() => void)[] = [];

  constructor(
    private readonly answer: { sentences: string[]; start: number } | 'silent' = { sentences: ['One.', 'Two.', 'Three.'], start: 0 },
  ) {}

  post(message: BackgroundToPage) {
    if (this.closed) throw new Error('posted to a closed page');
    this.received.push(message);
    if (message.type === 'prepare' && this.answer !== 'silent') {
      const { sentences, start } = this.answer;
      queueMicrotask(() => this.emit({ type: 'prepared', sentences, start, lang: 'en-US' }));
    }
  }
  onMessage(listener: (m: PageToBackground) => void) {
    this.listeners.push(listener);
  }
  onClose(listener: () => void) {
    this.closers.push(listener);
  }
  close() {
    this.closed = true;
  }
  emit(message: PageToBackground) {
    for (const l of this.listeners) l(message);
  }
  /** The tab closed or navigated. */
  goAway() {
    this.closed = true;
    for (const c of this.closers) c();
  }
}

function setup(pages: FakePage[] = [new FakePage()], connectError?: ChatFailure, more: Partial<ReaderControllerDeps> = {}) {
  const engine = new FakeEngine();
  const published: ReaderState[] = [];
  const targets: ReadTarget[] = [];
  const langs: string[] = [];
  let holders = 0;
  const controller = new ReaderController({
    connect: async (target) => {
      targets.push(target);
      if (connectError) throw connectError;
      const page = pages.shift();
      if (!page) throw new Error('no page left');
      return page;
    },
    createEngine: (lang) => {
      langs.push(lang);
      return engine;
    },
    voice: '',
    publish: (s) => published.push(s),
    keepAlive: () => {
      holders++;
      return () => holders--;
    },
    prepareTimeoutMs: 50,
    ...more,
  });
  return { controller, engine, published, targets, langs, holders: () => holders };
}

const TAB: ReadTarget = { tabId: 4, frameId: 0, from: 'start' };

describe('ReaderController', () => {
  it('starts reading a page where the page says, telling the page and the panels', async () => {
    const page = new FakePage({ sentences: ['One.', 'Two.', 'Three.'], start: 1 });
    const { controller, engine, published, langs, holders } = setup([page]);
    const state = await controller.start({ ...TAB, from: 'point' });
    expect(page.received[0]).toEqual({ type: 'prepare', from: 'point' });
    expect(state).toMatchObject({ status: 'playing', index: 1, total: 3, text: 'Two.', tabId: 4 });
    expect(engine.current.text).toBe('Two.');
    expect(langs).toEqual(['en-US']);
    expect(published.at(-1)).toMatchObject({ status: 'playing', index: 1, text: 'Two.' });
    expect(holders()).toBe(1);
    // The page draws nothing while the voice engine starts up: that would compete with it for the first audio.
    expect(page.received).toEqual([{ type: 'prepare', from: 'point' }]);
    engine.current.start();
    expect(page.received.at(-1)).toEqual({ type: 'show', status: 'playing', index: 1, total: 3, rate: 1, progress: '2 / 3' });
    // Once shown, the page follows every change at once, before the next sentence's voice starts.
    engine.current.finish();
    await settle();
    expect(page.received.at(-1)).toMatchObject({ type: 'show', index: 2, progress: '3 / 3' });
  });

  it('shows the page anyway when the voice does not report its start in time', async () => {
    const page = new FakePage();
    const { controller } = setup([page], undefined, { showWithoutVoiceMs: 20 });
    await controller.start(TAB);
    expect(page.received.map((m) => m.type)).toEqual(['prepare']);
    await vi.waitFor(() => expect(page.received.at(-1)).toMatchObject({ type: 'show', status: 'playing', index: 0 }));
    expect(page.received.filter((m) => m.type === 'show')).toHaveLength(1);
  });

  it('shows the page before the first word of a voice that reports words but not its start', async () => {
    const page = new FakePage({ sentences: ['Hello there world.'], start: 0 });
    const { controller, engine } = setup([page]);
    await controller.start(TAB);
    engine.current.options.onBoundary?.(0, 5);
    expect(page.received.slice(1)).toEqual([
      { type: 'show', status: 'playing', index: 0, total: 1, rate: 1, progress: '1 / 1' },
      { type: 'word', index: 0, start: 0, length: 5 },
    ]);
  });

  it('shows a reading paused from a panel before the voice started, with nothing to wait for', async () => {
    const page = new FakePage();
    const { controller, engine } = setup([page]);
    await controller.start(TAB);
    controller.command({ action: 'pause' });
    expect(page.received.at(-1)).toMatchObject({ type: 'show', status: 'paused', index: 0 });
    expect(engine.utterances.every((u) => u.aborted)).toBe(true);
  });

  it('never shows a page whose reading ended before the voice started', async () => {
    const page = new FakePage();
    const { controller } = setup([page], undefined, { showWithoutVoiceMs: 10 });
    await controller.start(TAB);
    controller.command({ action: 'stop' });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(page.received.map((m) => m.type)).toEqual(['prepare', 'end']);
  });

  it('reads the control labels while it enters the page, and hands them over with the request for its text', async () => {
    const page = new FakePage({ sentences: ['Eins.'], start: 0 });
    const labels = controlLabelsFor('de-DE');
    let read!: (labels: ControlLabels) => void;
    const { controller, targets } = setup([page], undefined, { controlLabels: () => new Promise((resolve) => (read = resolve)) });
    const started = controller.start(TAB);
    await vi.waitFor(() => expect(targets).toEqual([TAB]));
    expect(page.received).toEqual([]);
    read(labels);
    await started;
    expect(page.received[0]).toEqual({ type: 'prepare', from: 'start', labels });
  });

  it('forwards word boundaries to the page', async () => {
    const page = new FakePage({ sentences: ['Hello there world.'], start: 0 });
    const { controller, engine } = setup([page]);
    await controller.start(TAB);
    engine.current.start();
    engine.current.options.onBoundary?.(6, 5);
    expect(page.received.at(-1)).toEqual({ type: 'word', index: 0, start: 6, length: 5 });
  });

  it('answers commands from the panel and from the page', async () => {
    const page = new FakePage();
    const { controller, engine } = setup([page]);
    await controller.start(TAB);
    expect(controller.command({ action: 'next' })).toMatchObject({ index: 1, text: 'Two.' });
    expect(controller.command({ action: 'pause' })).toMatchObject({ status: 'paused' });
    expect(controller.command({ action: 'resume' })).toMatchObject({ status: 'playing' });
    page.emit({ type: 'command', command: { action: 'jump', index: 2 } });
    expect(engine.current.text).toBe('Three.');
    expect(controller.command({ action: 'previous' })).toMatchObject({ index: 1 });
    expect(controller.command({ action: 'rate', rate: 1.5 })).toMatchObject({ rate: 1.5 });
    expect(engine.current.options.rate).toBe(1.5);
  });

  it('cleans the page up when reading ends, and keeps the speed for the next reading', async () => {
    const page = new FakePage({ sentences: ['Only.'], start: 0 });
    const { controller, engine, published, holders } = setup([page, new FakePage()]);
    await controller.start(TAB);
    controller.command({ action: 'rate', rate: 2 });
    engine.current.finish();
    await settle();
    expect(page.received.at(-1)).toEqual({ type: 'end' });
    expect(page.closed).toBe(true);
    expect(holders()).toBe(0);
    expect(published.at(-1)).toEqual({ status: 'idle', index: 0, total: 0, text: '', rate: 2 });
    await controller.start(TAB);
    expect(engine.current.options.rate).toBe(2);
  });

  it('stops when the tab closes or navigates', async () => {
    const page = new FakePage();
    const { controller, engine, published, holders } = setup([page]);
    await controller.start(TAB);
    const utterance = engine.current;
    page.goAway();
    expect(utterance.aborted).toBe(true);
    expect(controller.state().status).toBe('idle');
    expect(published.at(-1)?.status).toBe('idle');
    expect(holders()).toBe(0);
  });

  it('ends the running reading before starting another', async () => {
    const first = new FakePage();
    const second = new FakePage({ sentences: ['Elsewhere.'], start: 0 });
    const { controller, engine } = setup([first, second]);
    await controller.start(TAB);
    await controller.start({ tabId: 9, frameId: 0, from: 'start' });
    expect(first.received.at(-1)).toEqual({ type: 'end' });
    expect(first.closed).toBe(true);
    expect(engine.current.text).toBe('Elsewhere.');
    expect(controller.state()).toMatchObject({ tabId: 9, status: 'playing' });
  });

  it('fails with not-found on a page without text, and tells the panels', async () => {
    const page = new FakePage({ sentences: [], start: 0 });
    const { controller, published } = setup([page]);
    await expect(controller.start(TAB)).rejects.toMatchObject({ error: { code: 'not-found' } });
    expect(page.closed).toBe(true);
    expect(published.at(-1)).toMatchObject({ status: 'idle', error: { code: 'not-found' } });
  });

  it('passes on why a page could not be entered', async () => {
    const { controller } = setup([], new ChatFailure(chatError('forbidden', 'chrome:// page')));
    await expect(controller.start(TAB)).rejects.toMatchObject({ error: { code: 'forbidden' } });
    expect(controller.state().error?.code).toBe('forbidden');
  });

  it('gives up on a page that never reports its text', async () => {
    const page = new FakePage('silent');
    const { controller } = setup([page]);
    await expect(controller.start(TAB)).rejects.toMatchObject({ error: { code: 'timeout' } });
    expect(page.closed).toBe(true);
  });

  it('is idle and accepts a speed with no reading running', () => {
    const { controller, published } = setup();
    expect(controller.command({ action: 'pause' })).toEqual({ status: 'idle', index: 0, total: 0, text: '', rate: 1 });
    expect(controller.command({ action: 'rate', rate: 1.25 }).rate).toBe(1.25);
    expect(published.at(-1)?.rate).toBe(1.25);
  });
});

describe('a reading whose voice never starts', () => {
  it('ends after the bound: the page loses its control and highlight, the panels hear why, the worker is let go', async () => {
    vi.useFakeTimers();
    try {
      const page = new FakePage();
      const { controller, published, holders } = setup([page]);
      await controller.start(TAB);
      await vi.advanceTimersByTimeAsync(VOICE_START_TIMEOUT_MS);
      expect(page.received.map((m) => m.type)).toEqual(['prepare', 'show', 'end']);
      expect(page.closed).toBe(true);
      expect(controller.state()).toMatchObject({ status: 'idle', error: { code: 'stalled' } });
      expect(published.at(-1)).toMatchObject({ status: 'idle', error: { code: 'stalled' } });
      expect(holders()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
