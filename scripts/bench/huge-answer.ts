import type { Page } from 'playwright-core';
import type { ExtensionHarness } from '../../tests/e2e/support/extension';
import type { OpenAIMock } from '../../tests/mocks/openai-server';
import { pickModel } from '../../tests/e2e/support/panel';

/** The model the bench's mock lists first; picked as a person would before each run. */
export const BENCH_MODEL = 'gpt-4o-mini';

/** What a huge answer costs the panel's main thread in one phase: while it streams, or when the panel reopens it. */
export interface PhaseFigures {
  /** Longest main-thread task. */
  worstTaskMs: number;
  /** Slowest keypress in the composer, from the driver sending it until the browser acknowledged it. */
  keyRoundTripMs: number;
  /** The panel's own worst keypress (Event Timing). */
  key: KeyTiming;
}

export interface HugeFigures {
  stream: PhaseFigures;
  reopen: PhaseFigures;
}

/**
 * A keypress as the panel saw it. The driver's round trip also counts the
 * browser process relaying the key (busy relaying the streamed answer too), so
 * this says how much of it is the panel's. Event Timing reports only events
 * over 16 ms, so 0 means under 16.
 */
export interface KeyTiming {
  /** Worst wait of a key or input event for the main thread. */
  inputDelayMs: number;
  /** Worst time from a key or input event to the next frame painted after it was handled. */
  toPaintMs: number;
}

/** Quiet time after the answer is on screen, so deferred work (highlighting, layout) is counted too. */
const SETTLE_MS = 1500;
const KEY_EVERY_MS = 100;

type Watched = Window & { longTasks: number[]; keys: PerformanceEventTiming[] };

/** Records every long task's duration and every slow key or input event from the moment the document starts. */
function observeMainThread() {
  const w = window as unknown as Watched;
  w.longTasks = [];
  w.keys = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) if (/^(key|input|beforeinput)/.test(entry.name)) w.keys.push(entry);
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

function forgetMainThread(page: Page): Promise<void> {
  return page.evaluate(() => {
    const w = window as unknown as Watched;
    w.longTasks = [];
    w.keys = [];
  });
}

async function worstTask(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, ...(window as unknown as Watched).longTasks));
}

async function worstKey(page: Page): Promise<KeyTiming> {
  return page.evaluate(() => {
    const { keys } = window as unknown as Watched;
    return {
      inputDelayMs: Math.round(Math.max(0, ...keys.map((k) => k.processingStart - k.startTime))),
      toPaintMs: Math.max(0, ...keys.map((k) => k.duration)),
    };
  });
}

/** Presses a key in the composer every KEY_EVERY_MS until `done` resolves; returns the slowest press. */
async function typeUntil(page: Page, done: Promise<unknown>): Promise<number> {
  let finished = false;
  void done.finally(() => (finished = true));
  let worst = 0;
  while (!finished) {
    const at = Date.now();
    await page.keyboard.press('x');
    worst = Math.max(worst, Date.now() - at);
    await new Promise((resolve) => setTimeout(resolve, KEY_EVERY_MS));
  }
  return worst;
}

/** The last assistant answer has stopped streaming and its markdown renderer (not the plain fallback) shows it. */
async function answerShown(page: Page, timeout: number): Promise<void> {
  await page.waitForFunction(
    () => {
      const answer = [...document.querySelectorAll('[role=log] article')].at(-1);
      return answer?.getAttribute('aria-busy') === 'false' && answer.querySelector('.md:not(.md-plain)') !== null;
    },
    undefined,
    { timeout, polling: 100 },
  );
}

/** The answer shown by the markdown renderer, then quiet time so deferred work is counted too. */
async function settled(page: Page): Promise<void> {
  await answerShown(page, 300_000);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
}

/** Types in the composer until `done` resolves, then reads what the phase cost the main thread. */
async function measurePhase(page: Page, done: Promise<void>): Promise<PhaseFigures> {
  const keyRoundTripMs = await typeUntil(page, done);
  await done;
  return { worstTaskMs: await worstTask(page), keyRoundTripMs, key: await worstKey(page) };
}

export async function hugeAnswerOnce(harness: ExtensionHarness, mock: OpenAIMock, text: string): Promise<HugeFigures> {
  const page = await harness.context.newPage();
  await page.addInitScript(observeMainThread);
  await page.goto(harness.extensionUrl('sidepanel.html'));
  await page.getByRole('button', { name: 'New chat' }).click();
  await pickModel(page, BENCH_MODEL);

  // Large chunks keep the mock and the worker from being the bottleneck: the panel is what is measured.
  mock.enqueue({ kind: 'text', text, chunkSize: 2000, delayMs: 2 });
  const endedBefore = mock.lastReplyEndedAt;
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Write the huge answer.');
  await box.press('Enter');
  await forgetMainThread(page);
  const stream = await measurePhase(
    page,
    (async () => {
      while (mock.lastReplyEndedAt === endedBefore) await new Promise((resolve) => setTimeout(resolve, 50));
      await settled(page);
    })(),
  );
  await page.close();

  // The panel opens the last conversation: the stored answer renders from scratch.
  const reopened = await harness.context.newPage();
  await reopened.addInitScript(observeMainThread);
  await reopened.goto(harness.extensionUrl('sidepanel.html'));
  await reopened.getByRole('textbox', { name: 'Message' }).focus();
  const reopen = await measurePhase(reopened, settled(reopened));
  await reopened.close();
  return { stream, reopen };
}
