/**
 * Runs `job` once the main thread is idle, and after `timeoutMs` at the latest, so work nobody waits for yields to
 * work someone does. Where there is no idle callback (Firefox has one; the unit tests' environment may not), it runs
 * in the next task.
 */
export function onceIdle(job: () => void, timeoutMs: number): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => job(), { timeout: timeoutMs });
  else setTimeout(job, 0);
}

/**
 * Runs deferred work one job per task, when the main thread is idle, so many
 * small jobs (highlighting slices of a long code block) never add up to one
 * long task and typing stays responsive between them.
 */
const queue: (() => void)[] = [];
let scheduled = false;

function schedule(): void {
  if (scheduled || !queue.length) return;
  scheduled = true;
  onceIdle(() => {
    scheduled = false;
    queue.shift()?.();
    schedule();
  }, 500);
}

/** Queues `job`; the returned function takes it back out if it has not run. */
export function whenIdle(job: () => void): () => void {
  queue.push(job);
  schedule();
  return () => {
    const index = queue.indexOf(job);
    if (index >= 0) queue.splice(index, 1);
  };
}
