// Runs named shell stages a few at a time, each as soon as the stages it needs have passed, earlier-listed first.
// A stage's output is held and printed in one piece when it ends, under its name and time, so two stages running
// side by side never interleave; the first failure stops the others and the run says which stage failed.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

/**
 * @typedef {{ name: string, command: string, after?: string[] }} Stage
 * @typedef {{ name: string, ok: boolean, stopped: boolean, seconds: number }} StageResult
 */

/** Ends a stage's whole process group (a shell, npx and the test workers it started). */
function stop(child) {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

/**
 * Runs `stages` with at most `concurrency` at once; resolves to each finished stage's result, in the order they
 * ended. Stops at the first failure: running stages are ended and no new one starts.
 * @param {Stage[]} stages
 * @param {{ concurrency?: number, write?: (text: string) => void, env?: NodeJS.ProcessEnv, interrupt?: Promise<unknown> }} [options]
 * @returns {Promise<{ ok: boolean, failed?: string, results: StageResult[] }>}
 */
export function runStages(stages, { concurrency = 2, write = (text) => process.stdout.write(text), env = process.env, interrupt } = {}) {
  const names = new Set(stages.map((s) => s.name));
  for (const stage of stages) {
    for (const need of stage.after ?? []) {
      if (!names.has(need)) throw new Error(`Stage "${stage.name}" waits for "${need}", which is not a stage`);
    }
  }
  const waiting = [...stages];
  const passed = new Set();
  const running = new Map();
  /** @type {StageResult[]} */
  const results = [];
  let failed;

  return new Promise((resolve) => {
    const finish = () => resolve({ ok: !failed, failed, results });

    const startReady = () => {
      if (failed) return running.size || finish();
      for (let i = 0; i < waiting.length && running.size < concurrency;) {
        const stage = waiting[i];
        if ((stage.after ?? []).every((need) => passed.has(need))) {
          waiting.splice(i, 1);
          start(stage);
        } else i++;
      }
      if (!running.size) {
        if (waiting.length) failed = `${waiting.map((s) => s.name).join(', ')} (never ready)`;
        finish();
      }
    };

    const start = (stage) => {
      const began = performance.now();
      write(`▶ ${stage.name}: ${stage.command}\n`);
      // Its own process group, so a failure elsewhere can end it with everything it started.
      const child = spawn(stage.command, { shell: true, detached: true, env, stdio: ['ignore', 'pipe', 'pipe'] });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      running.set(stage.name, child);
      child.on('close', (code, signal) => {
        running.delete(stage.name);
        const seconds = (performance.now() - began) / 1000;
        const ok = code === 0;
        const stopped = !ok && !!failed && !!signal;
        results.push({ name: stage.name, ok, stopped, seconds });
        const verdict = ok ? 'passed' : stopped ? 'stopped' : `FAILED (${signal ?? `exit ${code}`})`;
        write(`\n── ${stage.name} ${verdict} in ${seconds.toFixed(1)} s ──\n${Buffer.concat(output).toString()}`);
        if (ok) passed.add(stage.name);
        else if (!failed) {
          failed = stage.name;
          for (const other of running.values()) stop(other);
        }
        startReady();
      });
    };

    // The stages run in their own process groups, out of reach of the terminal's Ctrl-C: pass it on.
    interrupt?.then(() => {
      failed ??= 'interrupted';
      waiting.length = 0;
      for (const child of running.values()) stop(child);
      if (!running.size) finish();
    });
    startReady();
  });
}

/** Runs `stages` and exits with their outcome, after a table of each stage's time. */
export async function runStagesAndExit(stages, options) {
  const interrupt = new Promise((resolve) => ['SIGINT', 'SIGTERM'].forEach((name) => process.once(name, resolve)));
  const { ok, failed, results } = await runStages(stages, { ...options, interrupt });
  const table = results
    .map((r) => `  ${r.ok ? 'ok  ' : r.stopped ? 'stop' : 'FAIL'} ${r.seconds.toFixed(1).padStart(6)} s  ${r.name}`)
    .join('\n');
  console.log(`\n${table}`);
  if (!ok) {
    console.error(`\nStage failed: ${failed}`);
    process.exit(1);
  }
}
