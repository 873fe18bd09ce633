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
  const run = () => {
    scheduled = false;
    queue.shift()?.();
    schedule();
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 500 });
  else setTimeout(run, 0);
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
