/** The bench's report: each group's figures printed for one build, or for A and B side by side (figures.ts). */
import type { LongOpen } from './big-conversation';
import { FIRST_LOAD_BUDGET_GZIP } from './first-load';
import { figureLine, type Goal } from './figures';
import type { HugeFigures, PhaseFigures } from './huge-answer';
import { RESTART_SETTLE_MS, type ColdStart, type StartAndRestart } from './panel-open';
import { mapSides, type BySide } from './sides';
import type { StreamFigures } from './stream';
import type { InputFigures, OpenFigures } from './usable';
export const kb = (bytes: number) => bytes / 1024;
export const print = (label: string, runs: BySide<number>, unit: string, goal?: Goal) => console.log(figureLine(label, runs, unit, goal));

export interface Opening {
  start: ColdStart;
  /** The floor page's starts (floor.ts), paired with the panel's of the same round. */
  floor: StartAndRestart<InputFigures>;
}

export function printFirstLoad(opens: BySide<Opening>): void {
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

export function printInputReady(opens: BySide<Opening>): void {
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

export function printStreams(streams: BySide<StreamFigures>): void {
  const of = (key: keyof StreamFigures) => mapSides(streams, (s) => s[key]);
  print('Tail lag: last chunk to painted frame (4,000 tok)', of('tailLagMs'), 'ms', { max: 16, text: '16 ms' });
  print('Long tasks Enter to last token: count', of('longTaskCount'), '');
  print('Long tasks Enter to last token: total', of('longTaskTotalMs'), 'ms');
  print('Long tasks Enter to last token: longest', of('longestTaskMs'), 'ms', { max: 50, text: 'none over 50 ms' });
  print('Long tasks Enter to last token: total blocking', of('totalBlockingMs'), 'ms', { max: 0, text: '0 ms' });
}

export interface HugeRound {
  markdown: HugeFigures;
  code: HugeFigures;
}

export function printHuge(huge: BySide<HugeRound>): void {
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

export function printLongConversation(opens: BySide<LongOpen>): void {
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
