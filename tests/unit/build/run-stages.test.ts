import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without declarations
import { runStages } from '../../../scripts/run-stages.mjs';

interface Result {
  ok: boolean;
  failed?: string;
  results: { name: string; ok: boolean; stopped: boolean; seconds: number }[];
}
type Stage = { name: string; command: string; after?: string[] };
const run = runStages as (stages: Stage[], options: { concurrency?: number; write: (text: string) => void }) => Promise<Result>;

/** A shell command running `code` in Node, which gives up after 20 s so that a stage left running by a failed test ends. */
const node = (code: string) => `"${process.execPath}" -e ${JSON.stringify(`setTimeout(() => process.exit(9), 20000).unref(); ${code}`)}`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'run-stages-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Marks `mine` as started, then ends once `theirs` has been marked: only two stages running at once both end. */
function meet(mine: string, theirs: string): string {
  const [me, them] = [join(dir, mine), join(dir, theirs)];
  return node(
    `const fs = require('fs'); fs.writeFileSync('${me}', ''); ` +
      `const t = setInterval(() => { if (fs.existsSync('${them}')) clearInterval(t); }, 10);`,
  );
}

async function runLogged(stages: Stage[], concurrency = 2): Promise<Result & { log: string }> {
  let log = '';
  const outcome = await run(stages, { concurrency, write: (text) => (log += text) });
  return { ...outcome, log };
}

describe('scripts/run-stages.mjs', () => {
  it('runs two stages side by side, a third once one has ended, and a stage only after those it waits for', async () => {
    const { ok, log } = await runLogged([
      { name: 'a', command: meet('a', 'b') },
      { name: 'late', command: node(`require('fs').writeFileSync('${join(dir, 'late')}', '')`), after: ['a', 'b'] },
      { name: 'b', command: meet('b', 'a') },
      { name: 'c', command: node('') },
    ]);
    expect(ok).toBe(true);
    const order = [...log.matchAll(/^(?:▶ (\w+)|── (\w+) passed)/gm)].map((m) => (m[1] ? `start ${m[1]}` : `end ${m[2]}`));
    expect(order.slice(0, 2)).toEqual(['start a', 'start b']);
    expect(order.indexOf('start c')).toBeGreaterThan(Math.min(order.indexOf('end a'), order.indexOf('end b')));
    expect(order.indexOf('start late')).toBeGreaterThan(Math.max(order.indexOf('end a'), order.indexOf('end b')));
    expect(existsSync(join(dir, 'late'))).toBe(true);
  });

  it("prints each stage's output in one piece under its name and time", async () => {
    const { log } = await runLogged([
      { name: 'talks', command: node(`console.log('out one'); console.error('err two'); console.log('out three')`) },
    ]);
    expect(log).toMatch(/── talks passed in \d+\.\d s ──\nout one\n(?:err two\nout three|out three\nerr two)\n/);
  });

  it('stops the stages still running at the first failure, starts no more, and names the one that failed', async () => {
    const { ok, failed, log, results } = await runLogged([
      { name: 'forever', command: node('setInterval(() => {}, 1000)') },
      { name: 'breaks', command: node(`console.error('what went wrong'); process.exit(3)`) },
      { name: 'never', command: node('') },
      { name: 'after-break', command: node(''), after: ['breaks'] },
    ]);
    expect(ok).toBe(false);
    expect(failed).toBe('breaks');
    expect(log).toMatch(/── breaks FAILED \(exit 3\) in [\d.]+ s ──\nwhat went wrong/);
    expect(log).toMatch(/── forever stopped in/);
    expect(results.map(({ name, ok, stopped }) => ({ name, ok, stopped }))).toEqual([
      { name: 'breaks', ok: false, stopped: false },
      { name: 'forever', ok: false, stopped: true },
    ]);
    expect(log).not.toMatch(/▶ (never|after-break)/);
  });

  it('refuses a stage waiting for one that is not in the list', () => {
    expect(() => run([{ name: 'a', command: 'true', after: ['missing'] }], { write: () => undefined })).toThrow(/"missing"/);
  });
});
