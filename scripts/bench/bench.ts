import { join } from 'node:path';
import { launchExtension, type ExtensionHarness } from '../../tests/e2e/support/extension';
import { startOpenAIMock, type OpenAIMock } from '../../tests/mocks/openai-server';
import { longConversationBrowser, longConversationProfile, openLongConversation, type LongOpen } from './big-conversation';
import { buildRef } from './build-ref';
import { FIRST_LOAD_BUDGET_GZIP } from './first-load';
import { abHeader, figureLine, type Goal } from './figures';
import { extensionWithFloor } from './floor';
import { hugeAnswerOnce, type HugeFigures, type PhaseFigures } from './huge-answer';
import { hugeCodeBlock, hugeMarkdown } from './huge-texts';
import { parseBenchArgs, type BenchOptions } from './options';
import { coldStarts, configureProvider, floorStarts, RESTART_SETTLE_MS, type ColdStart, type StartAndRestart } from './panel-open';
import { launchQuiet, type QuietBrowser } from './quiet-browser';
import { readAloudOnce, readAloudPages } from './read-aloud-start';
import { sentenceGaps } from './sentence-gap';
import { workerBundle, workerStartOnce, workerStartUnderDebugger } from './service-worker';
import { interleaved, mapSides, retryOnce, SideBrowsers, type BySide, type Side } from './sides';
import { streamOnce, type StreamFigures } from './stream';
import type { InputFigures, OpenFigures } from './usable';

const kb = (bytes: number) => bytes / 1024;
const print = (label: string, runs: BySide<number>, unit: string, goal?: Goal) => console.log(figureLine(label, runs, unit, goal));

interface Opening {
  start: ColdStart;
  /** The floor page's starts (floor.ts), paired with the panel's of the same round. */
  floor: StartAndRestart<InputFigures>;
}

function printFirstLoad(opens: BySide<Opening>): void {
  print(
    'First-load JS parsed, empty panel (raw)',
    mapSides(opens, (o) => kb(o.start.firstLoad.raw)),
    'KB',
  );
  print(
    'First-load JS parsed, empty panel (gzip)',
    mapSides(opens, (o) => kb(o.start.firstLoad.gzip)),
    'KB',
    { max: kb(FIRST_LOAD_BUDGET_GZIP), text: '130 KB' },
  );
  for (const side of ['A', 'B'] as const) {
    const files = opens[side]?.[0]?.start.firstLoad.files;
    if (files) console.log(`  parsed${opens.A ? ` (${side})` : ''}: ${files.join(', ')}`);
  }
}

function printInputReady(opens: BySide<Opening>): void {
  const budget = { max: 140, text: '140 ms' };
  const figures: [string, keyof OpenFigures, Goal | undefined][] = [
    ['message box painted', 'inputShownMs', budget],
    ['message accepted, before that paint', 'inputReadyMs', undefined],
    ["app's own box", 'appInputReadyMs', undefined],
    ['model selected', 'modelReadyMs', undefined],
  ];
  for (const [when, phase] of [
    ['fresh start', 'fresh'],
    ['restart on primed profile', 'restart'],
    [`restart, opened ${RESTART_SETTLE_MS / 1000} s after`, 'settled'],
  ] as const) {
    for (const [what, key, goal] of figures)
      print(
        `Input ready, ${when} (${what})`,
        mapSides(opens, (o) => o.start[phase][key]),
        'ms',
        goal,
      );
    print(
      `  the box painted on a bare extension page (the floor)`,
      mapSides(opens, (o) => o.floor[phase].inputShownMs),
      'ms',
    );
    // Each floor run is paired with the panel's run of the same round, so their difference compares like with like.
    print(
      `  Parley's message box over the floor`,
      mapSides(opens, (o) => o.start[phase].inputShownMs - o.floor[phase].inputShownMs),
      'ms',
    );
  }
}

function printStreams(streams: BySide<StreamFigures>): void {
  const of = (key: keyof StreamFigures) => mapSides(streams, (s) => s[key]);
  print('Tail lag: last chunk to painted frame (4,000 tok)', of('tailLagMs'), 'ms', { max: 16, text: '16 ms' });
  print('Long tasks Enter to last token: count', of('longTaskCount'), '');
  print('Long tasks Enter to last token: total', of('longTaskTotalMs'), 'ms');
  print('Long tasks Enter to last token: longest', of('longestTaskMs'), 'ms', { max: 50, text: 'none over 50 ms' });
  print('Long tasks Enter to last token: total blocking', of('totalBlockingMs'), 'ms', { max: 0, text: '0 ms' });
}

interface HugeRound {
  markdown: HugeFigures;
  code: HugeFigures;
}

function printHuge(huge: BySide<HugeRound>): void {
  const task = { max: 200, text: '200 ms' };
  const input = { max: 100, text: '100 ms' };
  // Waiting longer than a long task may take means a long task held the key up.
  const inputDelay = { max: 50, text: '50 ms' };
  const figures: [string, (p: PhaseFigures) => number, Goal][] = [
    ['worst task', (p) => p.worstTaskMs, task],
    ['keypress round trip (driver)', (p) => p.keyRoundTripMs, input],
    ['keypress input delay (panel)', (p) => p.key.inputDelayMs, inputDelay],
    ['keypress to paint (panel)', (p) => p.key.toPaintMs, input],
  ];
  for (const [name, text] of [
    ['1 MB markdown', 'markdown'],
    ['50,000-line code block', 'code'],
  ] as const) {
    for (const [phase, when] of [
      ['stream', 'while streaming'],
      ['reopen', 'on reopen'],
    ] as const) {
      for (const [label, of, budget] of figures)
        print(
          `${name}: ${label} ${when}`,
          mapSides(huge, (r) => of(r[text][phase])),
          'ms',
          budget,
        );
    }
  }
}

function printLongConversation(opens: BySide<LongOpen>): void {
  print(
    'Open a 2,000-message conversation to usable',
    mapSides(opens, (o) => o.usable),
    'ms',
    { max: 200, text: '200 ms' },
  );
  print(
    "  to the last message in the app's own log",
    mapSides(opens, (o) => o.live),
    'ms',
  );
}

/** A build measured: A, another commit's, or B, the working tree's. */
interface Build {
  side: Side;
  name: string;
  dir: string;
}

/** Takes and prints the figures `options` selects, each build taking its turn in every round. */
async function measure(root: string, builds: Build[], options: BenchOptions, mock: OpenAIMock): Promise<void> {
  const { runs, only } = options;
  const sides = builds.map((b) => b.side);
  const dirOf = (side: Side) => builds.find((b) => b.side === side)!.dir;
  const each = <T>(take: (side: Side, round: number) => Promise<T>) => interleaved(sides, runs, take);
  const sections: (() => void)[] = [];

  // (1) and (2): each run starts a browser on a new profile, then restarts it on that profile, twice, and is paired
  // with the same three starts timing the floor page (floor.ts), taken before the panel's every other round: when the
  // machine slows during a run, neither side always gets the later, slower moment.
  if (only.has('open')) {
    const floors = new Map(builds.map((b) => [b.side, extensionWithFloor(b.dir)]));
    try {
      const opens = await each(async (side, round): Promise<Opening> => {
        const floor = () => retryOnce(`the floor page's starts (${side})`, () => floorStarts(floors.get(side)!.dir, mock));
        const before = round % 2 ? await floor() : undefined;
        const start = await retryOnce(`the panel's starts (${side})`, () => coldStarts(dirOf(side), mock));
        return { start, floor: before ?? (await floor()) };
      });
      sections.push(() => {
        printFirstLoad(opens);
        printInputReady(opens);
      });
    } finally {
      for (const floor of floors.values()) floor.remove();
    }
  }

  // (5) in browsers of their own: after the huge answers below, the megabytes they leave just written to IndexedDB
  // slowed every page of that browser (an empty panel's HTML took twice as long), which is not this figure's to count.
  if (only.has('long-conversation')) {
    const profiles = new Map<Side, { dir: string; remove(): void }>();
    const browsers = new SideBrowsers<QuietBrowser>(
      'the long conversation',
      async (side) => {
        if (!profiles.has(side)) profiles.set(side, await longConversationProfile(dirOf(side), mock));
        return longConversationBrowser(dirOf(side), profiles.get(side)!.dir);
      },
      (browser) => browser.close(),
    );
    try {
      const opens = await each((side) => browsers.run(side, openLongConversation));
      sections.push(() => printLongConversation(opens));
    } finally {
      await browsers.close();
      for (const profile of profiles.values()) profile.remove();
    }
  }

  // (3), (4) and (7) in one Playwright browser per build, the provider saved once.
  const harnesses = new SideBrowsers<ExtensionHarness>(
    "the panel's browser",
    async (side) => {
      // A reply a failed run left queued must not answer the next one.
      mock.clear();
      const harness = await launchExtension({ extensionDir: dirOf(side) });
      await configureProvider(harness, mock).catch(async (error: unknown) => {
        await harness.close();
        throw error;
      });
      return harness;
    },
    (harness) => harness.close(),
  );
  try {
    if (only.has('stream')) {
      const streams = await each((side) => harnesses.run(side, (h) => streamOnce(h, mock)));
      sections.push(() => printStreams(streams));
    }
    if (only.has('huge')) {
      const markdown = hugeMarkdown(1024 * 1024);
      const code = hugeCodeBlock(50_000);
      const huge = await each((side) =>
        harnesses.run(side, async (h) => ({
          markdown: await hugeAnswerOnce(h, mock, markdown),
          code: await hugeAnswerOnce(h, mock, code),
        })),
      );
      sections.push(() => printHuge(huge));
    }
    if (only.has('read-aloud')) {
      const pages = await readAloudPages(root);
      try {
        const readings = await each((side) => harnesses.run(side, (h) => readAloudOnce(h, pages)));
        sections.push(() => print('Read page aloud: click to first audio (browser voice)', readings, 'ms', { max: 300, text: '300 ms' }));
      } finally {
        await pages.close();
      }
    }
    // After the browser voice: it leaves the cloud voice chosen in that browser.
    if (only.has('sentence-gap')) {
      const gaps = await each((side) => harnesses.run(side, sentenceGaps));
      // Each reading has nine gaps: the figure is over all of a build's readings.
      const all: BySide<number> = {};
      for (const side of sides) all[side] = gaps[side]!.flat();
      sections.push(() => print('Gap between sentences, page read aloud (OpenAI voice)', all, 'ms', { max: 50, text: '50 ms' }));
    }
  } finally {
    await harnesses.close();
  }

  // (6), as people's browsers run the worker and, for comparison with earlier figures, under Playwright's debugger.
  if (only.has('worker')) {
    const quiet = new SideBrowsers<QuietBrowser>(
      'the quiet worker start',
      (side) => launchQuiet(dirOf(side)),
      (b) => b.close(),
    );
    const quietStarts = await each((side) => quiet.run(side, workerStartOnce)).finally(() => quiet.close());
    const debugged = new SideBrowsers<ExtensionHarness>(
      'the worker start under a debugger',
      (side) => launchExtension({ extensionDir: dirOf(side) }),
      (h) => h.close(),
    );
    const debuggedStarts = await each((side) => debugged.run(side, workerStartUnderDebugger)).finally(() => debugged.close());
    const bundles = new Map(builds.map((b) => [b.side, workerBundle(b.dir)]));
    const bundle = (size: 'raw' | 'gzip'): BySide<number> => Object.fromEntries([...bundles].map(([side, b]) => [side, [kb(b[size])]]));
    sections.push(() => {
      print('Service worker start after stop, to first reply', quietStarts, 'ms');
      print('  the same with a debugger on the worker', debuggedStarts, 'ms');
      print('Service worker bundle (raw)', bundle('raw'), 'KB');
      print('Service worker bundle (gzip)', bundle('gzip'), 'KB');
    });
  }

  console.log('\nParley benchmark (this machine)');
  if (builds.length > 1) console.log(abHeader(builds[0]!.name, builds[1]!.name, runs));
  for (const section of sections) section();
}

/** Checked by run-ts.mjs before it builds, so a mistyped option costs no build. */
export function checkArgs(argv: string[]): void {
  parseBenchArgs(argv);
}

export async function main(root: string, argv: string[] = []): Promise<void> {
  const options = parseBenchArgs(argv);
  const ref = options.against ? buildRef(root, options.against) : undefined;
  try {
    const builds: Build[] = [
      ...(ref ? [{ side: 'A' as const, name: ref.name, dir: ref.dir }] : []),
      { side: 'B', name: 'this tree', dir: join(root, '.output/chrome-mv3') },
    ];
    const mock = await startOpenAIMock();
    try {
      await measure(root, builds, options, mock);
    } finally {
      await mock.close();
    }
  } finally {
    ref?.remove();
  }
  const seconds = Math.round(process.uptime());
  console.log(`\nTook ${Math.floor(seconds / 60)} min ${seconds % 60} s, builds included.`);
}
