import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchExtension, type ExtensionHarness } from '../../tests/e2e/support/extension';
import { pickModel } from '../../tests/e2e/support/panel';
import { startOpenAIMock, type OpenAIMock } from '../../tests/mocks/openai-server';
import { benchmarkScenario } from '../../tests/mocks/scenario';
import { describeFirstLoad, firstLoadJs } from './first-load';
import { line } from './figures';
import { BENCH_MODEL, hugeAnswerOnce, type HugeFigures } from './huge-answer';
import { hugeCodeBlock, hugeMarkdown } from './huge-texts';
import { sentenceGapLine } from './sentence-gap';

const RUNS = 5;
/** Each huge run streams megabytes through the panel; three keep the bench within minutes. */
const HUGE_RUNS = 3;
const SENTINEL = 'END-OF-BENCH-ANSWER';

/** Time from navigation start until the message box exists and the app has loaded its models. */
async function coldOpen(harness: ExtensionHarness): Promise<number> {
  const page = await harness.context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { usableAt?: number };
    const check = () => {
      const box = document.querySelector('textarea[aria-label]');
      const picker = document.querySelector('button[aria-haspopup="dialog"][aria-labelledby]');
      if (box && picker && !w.usableAt) w.usableAt = performance.now();
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  });
  await page.goto(harness.extensionUrl('sidepanel.html'));
  await page.waitForFunction(() => (window as unknown as { usableAt?: number }).usableAt !== undefined);
  const at = await page.evaluate(() => (window as unknown as { usableAt: number }).usableAt);
  await page.close();
  return at;
}

async function configure(page: Page, mock: OpenAIMock): Promise<void> {
  await page.evaluate(async (url) => {
    const send = (name: string, payload: unknown) => chrome.runtime.sendMessage({ channel: 'parley', name, payload });
    await send('providers.save', {
      config: {
        id: 'bench',
        kind: 'openai-compatible',
        name: 'Bench',
        settings: { baseUrl: url },
        manualModels: [],
        createdAt: Date.now(),
      },
      secrets: {},
    });
  }, mock.url);
}

interface StreamFigures {
  lastTokenLagMs: number;
  longTaskShare: number;
}

async function streamOnce(harness: ExtensionHarness, mock: OpenAIMock): Promise<StreamFigures> {
  const page = await harness.openSidePanelPage();
  await page.getByRole('button', { name: 'New chat' }).click();
  await pickModel(page, BENCH_MODEL);
  await page.evaluate((sentinel) => {
    const w = window as unknown as { longTasks: { start: number; duration: number }[]; seenAt?: number };
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longTasks.push({ start: e.startTime + performance.timeOrigin, duration: e.duration });
    }).observe({ type: 'longtask', buffered: false });
    const log = document.querySelector('[role=log]')!;
    new MutationObserver(() => {
      if (w.seenAt) return;
      const last = [...log.querySelectorAll('article')].at(-1);
      if (last?.textContent?.includes(sentinel)) w.seenAt = Date.now();
    }).observe(log, { childList: true, subtree: true, characterData: true });
  }, SENTINEL);

  const scenario = benchmarkScenario();
  if (scenario.kind !== 'text') throw new Error('benchmark scenario must be text');
  mock.enqueue({ ...scenario, text: `${scenario.text}\n\n${SENTINEL}` });
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Write the long answer.');
  const sentAt = Date.now();
  await box.press('Enter');
  await page.waitForFunction(() => (window as unknown as { seenAt?: number }).seenAt !== undefined, undefined, { timeout: 120_000 });
  const { seenAt, longTasks } = await page.evaluate(() => {
    const w = window as unknown as { seenAt: number; longTasks: { start: number; duration: number }[] };
    return { seenAt: w.seenAt, longTasks: w.longTasks };
  });
  const endedAt = mock.lastReplyEndedAt!;
  const streamMs = endedAt - sentAt;
  const blocked = longTasks.filter((t) => t.start >= sentAt && t.start <= endedAt).reduce((sum, t) => sum + t.duration, 0);
  await page.close();
  return { lastTokenLagMs: Math.max(0, seenAt - endedAt), longTaskShare: (blocked / streamMs) * 100 };
}

export async function main(root: string): Promise<void> {
  const extensionDir = join(root, '.output/chrome-mv3');
  const size = firstLoadJs(extensionDir);
  const mock = await startOpenAIMock();
  const harness = await launchExtension({ extensionDir });
  try {
    const setup = await harness.openSidePanelPage();
    await configure(setup, mock);
    await setup.close();

    await coldOpen(harness); // the first open also warms the worker; it is not counted
    const opens: number[] = [];
    for (let i = 0; i < RUNS; i++) opens.push(await coldOpen(harness));

    const streams: StreamFigures[] = [];
    for (let i = 0; i < RUNS; i++) streams.push(await streamOnce(harness, mock));

    const huge = { markdown: [] as HugeFigures[], code: [] as HugeFigures[] };
    const markdown = hugeMarkdown(1024 * 1024);
    const code = hugeCodeBlock(50_000);
    for (let i = 0; i < HUGE_RUNS; i++) {
      huge.markdown.push(await hugeAnswerOnce(harness, mock, markdown));
      huge.code.push(await hugeAnswerOnce(harness, mock, code));
    }

    console.log('\nParley benchmark (this machine)');
    console.log(describeFirstLoad(size));
    console.log(line('Side panel cold open to usable message box', opens, 'ms', { max: 200, text: '200 ms' }));
    console.log(
      line(
        'Last byte to last token visible (4,000 tok)',
        streams.map((s) => s.lastTokenLagMs),
        'ms',
        { max: 50, text: '50 ms' },
      ),
    );
    console.log(
      line(
        'Long tasks during the stream',
        streams.map((s) => s.longTaskShare),
        '%',
        { max: 5, text: '5% of stream' },
      ),
    );
    const task = { max: 200, text: '200 ms' };
    const input = { max: 100, text: '100 ms' };
    for (const [name, runs] of [
      ['1 MB markdown', huge.markdown],
      ['50,000-line code block', huge.code],
    ] as const) {
      const figures: [string, keyof HugeFigures, typeof task][] = [
        ['worst task while streaming', 'streamWorstTaskMs', task],
        ['keypress delay while streaming', 'streamInputDelayMs', input],
        ['worst task on reopen', 'reopenWorstTaskMs', task],
        ['keypress delay on reopen', 'reopenInputDelayMs', input],
      ];
      for (const [label, key, budget] of figures) {
        console.log(
          line(
            `${name}: ${label}`,
            runs.map((r) => r[key]),
            'ms',
            budget,
          ),
        );
      }
    }
    console.log(await sentenceGapLine(harness));
  } finally {
    await harness.close();
    await mock.close();
  }
}
