import type { ExtensionHarness } from '../../tests/e2e/support/extension';
import { pickModel } from '../../tests/e2e/support/panel';
import type { OpenAIMock } from '../../tests/mocks/openai-server';
import { benchmarkScenario } from '../../tests/mocks/scenario';
import { BENCH_MODEL } from './huge-answer';

const SENTINEL = 'END-OF-BENCH-ANSWER';
/** A task longer than this blocks input (the "long task" of the web's own definition). */
const LONG_TASK_MS = 50;

/** One 4,000-token answer, from Enter to its last token on screen. */
export interface StreamFigures {
  /** Last content chunk sent by the mock → the first frame showing it (rAF after the DOM change), unclamped. */
  tailLagMs: number;
  longTaskCount: number;
  longTaskTotalMs: number;
  longestTaskMs: number;
  /** Sum over long tasks of their time past 50 ms. */
  totalBlockingMs: number;
}

export async function streamOnce(harness: ExtensionHarness, mock: OpenAIMock): Promise<StreamFigures> {
  const page = await harness.openSidePanelPage();
  await page.getByRole('button', { name: 'New chat' }).click();
  await pickModel(page, BENCH_MODEL);
  await page.evaluate((sentinel) => {
    const w = window as unknown as { longTasks: { start: number; duration: number }[]; shownAt?: number };
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longTasks.push({ start: e.startTime + performance.timeOrigin, duration: e.duration });
    }).observe({ type: 'longtask', buffered: false });
    const log = document.querySelector('[role=log]')!;
    let seen = false;
    // Only what changed is read: reading the whole answer's text on every frame (16 KB and growing) took this machine
    // 5-16 ms, in the same task as the panel's render, and so counted the bench's own work among the panel's long tasks.
    const observer = new MutationObserver((records) => {
      if (seen) return;
      const arrived = records.some((r) =>
        r.type === 'characterData'
          ? r.target.nodeValue?.includes(sentinel)
          : [...r.addedNodes].some((n) => n.textContent?.includes(sentinel)),
      );
      if (!arrived) return;
      seen = true;
      observer.disconnect();
      // The frame that paints the change: its animation-frame callback runs just before that paint.
      requestAnimationFrame((at) => (w.shownAt = performance.timeOrigin + at));
    });
    observer.observe(log, { childList: true, subtree: true, characterData: true });
  }, SENTINEL);

  const scenario = benchmarkScenario();
  if (scenario.kind !== 'text') throw new Error('benchmark scenario must be text');
  mock.enqueue({ ...scenario, text: `${scenario.text}\n\n${SENTINEL}` });
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Write the long answer.');
  const sentAt = Date.now();
  await box.press('Enter');
  await page.waitForFunction(() => (window as unknown as { shownAt?: number }).shownAt !== undefined, undefined, { timeout: 120_000 });
  // Tasks that started before the last token showed but were still being reported.
  await page.waitForTimeout(100);
  const { shownAt, longTasks } = await page.evaluate(() => {
    const w = window as unknown as { shownAt: number; longTasks: { start: number; duration: number }[] };
    return { shownAt: w.shownAt, longTasks: w.longTasks };
  });
  await page.close();
  const during = longTasks.filter((t) => t.start >= sentAt && t.start <= shownAt).map((t) => t.duration);
  return {
    tailLagMs: shownAt - mock.lastReplyEndedAt!,
    longTaskCount: during.length,
    longTaskTotalMs: during.reduce((sum, d) => sum + d, 0),
    longestTaskMs: Math.max(0, ...during),
    totalBlockingMs: during.reduce((sum, d) => sum + Math.max(0, d - LONG_TASK_MS), 0),
  };
}
