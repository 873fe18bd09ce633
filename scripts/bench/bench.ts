import { join } from 'node:path';
import { launchExtension, type ExtensionHarness } from '../../tests/e2e/support/extension';
import { startOpenAIMock, type OpenAIMock } from '../../tests/mocks/openai-server';
import { longConversationBrowser, longConversationProfile, openLongConversation } from './big-conversation';
import { missingMarkers } from './build-markers';
import { buildRef } from './build-ref';
import { abHeader } from './figures';
import { extensionWithFloor } from './floor';
import { hugeAnswerOnce } from './huge-answer';
import { hugeCodeBlock, hugeMarkdown } from './huge-texts';
import { parseBenchArgs, type BenchOptions, type FigureGroup } from './options';
import { coldStarts, configureProvider, floorStarts } from './panel-open';
import { launchQuiet, type QuietBrowser } from './quiet-browser';
import { readAloudOnce, readAloudPages } from './read-aloud-start';
import { kb, print, printFirstLoad, printHuge, printInputReady, printLongConversation, printStreams, type Opening } from './report';
import { sentenceGaps } from './sentence-gap';
import { workerBundle, workerStartOnce, workerStartUnderDebugger } from './service-worker';
import { interleaved, retryOnce, SideBrowsers, type BySide, type Side } from './sides';
import { streamOnce } from './stream';

const duration = (ms: number) => `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;

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
  /** A Playwright browser per build, with nothing done in it yet. */
  const playwrightBrowsers = (what: string) =>
    new SideBrowsers<ExtensionHarness>(
      what,
      (side) => launchExtension({ extensionDir: dirOf(side) }),
      (h) => h.close(),
    );
  const took: string[] = [];
  // Each group's figures print once taken, so a run stopped late keeps what it had.
  console.log('\nParley benchmark (this machine)');
  if (builds.length > 1) console.log(abHeader(builds[0]!.name, builds[1]!.name, runs));
  const timed = async (group: FigureGroup, take: () => Promise<void>) => {
    const started = performance.now();
    console.warn(`bench: taking ${group}...`);
    await take();
    took.push(`${group} ${duration(performance.now() - started)}`);
  };

  // (1) and (2): each run starts a browser on a new profile, then restarts it on that profile, twice, and is paired
  // with the same three starts timing the floor page (floor.ts), taken before the panel's every other round: when the
  // machine slows during a run, neither side always gets the later, slower moment.
  if (only.has('open'))
    await timed('open', async () => {
      const floors = new Map(builds.map((b) => [b.side, extensionWithFloor(b.dir)]));
      try {
        const opens = await each(async (side, round): Promise<Opening> => {
          const floor = () => retryOnce(`the floor page's starts (${side})`, () => floorStarts(floors.get(side)!.dir, mock));
          const before = round % 2 ? await floor() : undefined;
          const start = await retryOnce(`the panel's starts (${side})`, () => coldStarts(dirOf(side), mock));
          return { start, floor: before ?? (await floor()) };
        });
        printFirstLoad(opens);
        printInputReady(opens);
      } finally {
        for (const floor of floors.values()) floor.remove();
      }
    });

  // (5) in browsers of their own: after the huge answers below, the megabytes they leave just written to IndexedDB
  // slowed every page of that browser (an empty panel's HTML took twice as long), which is not this figure's to count.
  if (only.has('long-conversation'))
    await timed('long-conversation', async () => {
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
        printLongConversation(opens);
      } finally {
        await browsers.close();
        for (const profile of profiles.values()) profile.remove();
      }
    });

  // (3), (4) and reading aloud in one Playwright browser per build, the provider saved once.
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
    if (only.has('stream'))
      await timed('stream', async () => {
        const streams = await each((side) => harnesses.run(side, (h) => streamOnce(h, mock)));
        printStreams(streams);
      });
    if (only.has('huge'))
      await timed('huge', async () => {
        const markdown = hugeMarkdown(1024 * 1024);
        const code = hugeCodeBlock(50_000);
        const huge = await each((side) =>
          harnesses.run(side, async (h) => ({
            markdown: await hugeAnswerOnce(h, mock, markdown),
            code: await hugeAnswerOnce(h, mock, code),
          })),
        );
        printHuge(huge);
      });
    if (only.has('read-aloud'))
      await timed('read-aloud', async () => {
        const pages = await readAloudPages(root);
        try {
          const readings = await each((side) => harnesses.run(side, (h) => readAloudOnce(h, pages)));
          print('Read page aloud: click to first audio (browser voice)', readings, 'ms', { max: 300, text: '300 ms' });
        } finally {
          await pages.close();
        }
      });
  } finally {
    await harnesses.close();
  }

  // In a new browser per build, which also leaves the cloud voice chosen there: a reading that took 25 s in a new
  // browser waited over ten minutes in one that had streamed and read before.
  if (only.has('sentence-gap'))
    await timed('sentence-gap', async () => {
      const readers = playwrightBrowsers('the sentence gap');
      try {
        // One reading per build, whatever --runs says: its nine gaps are the runs, and a reading took minutes here.
        const gaps = await interleaved(sides, 1, (side) => readers.run(side, sentenceGaps));
        const all: BySide<number> = {};
        for (const side of sides) all[side] = gaps[side]!.flat();
        print('Gap between sentences, page read aloud (OpenAI voice)', all, 'ms', { max: 50, text: '50 ms' });
      } finally {
        await readers.close();
      }
    });

  // (6), as people's browsers run the worker and, for comparison with earlier figures, under Playwright's debugger.
  if (only.has('worker'))
    await timed('worker', async () => {
      const quiet = new SideBrowsers<QuietBrowser>(
        'the quiet worker start',
        (side) => launchQuiet(dirOf(side)),
        (b) => b.close(),
      );
      const quietStarts = await each((side) => quiet.run(side, workerStartOnce)).finally(() => quiet.close());
      const debugged = playwrightBrowsers('the worker start under a debugger');
      const debuggedStarts = await each((side) => debugged.run(side, workerStartUnderDebugger)).finally(() => debugged.close());
      const bundles = new Map(builds.map((b) => [b.side, workerBundle(b.dir)]));
      const bundle = (size: 'raw' | 'gzip'): BySide<number> => Object.fromEntries([...bundles].map(([side, b]) => [side, [kb(b[size])]]));
      print('Service worker start after stop, to first reply', quietStarts, 'ms');
      print('  the same with a debugger on the worker', debuggedStarts, 'ms');
      const tree = bundles.get('B')!;
      if (bundles.size > 1) {
        print('Service worker bundle (raw)', bundle('raw'), 'KB');
        print('Service worker bundle (gzip)', bundle('gzip'), 'KB');
      } else console.log(`Service worker bundle: ${kb(tree.raw).toFixed(1)} KB raw, ${kb(tree.gzip).toFixed(1)} KB gzip`);
    });

  console.log(`\nTime per group: ${took.join(', ')}.`);
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
    for (const build of builds)
      for (const what of missingMarkers(build.dir))
        console.warn(`bench: ${build.name} has no ${what}; its figures that need it will fail or mislead.`);
    const mock = await startOpenAIMock();
    try {
      await measure(root, builds, options, mock);
    } finally {
      await mock.close();
    }
  } finally {
    ref?.remove();
  }
  console.log(`Took ${duration(process.uptime() * 1000)}, builds included.`);
}
