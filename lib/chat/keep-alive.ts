/**
 * Chrome ends an idle service worker after 30 s, even mid-fetch on older
 * versions; any extension API call resets that timer, so one every 20 s keeps
 * the worker up while an answer streams, and only then.
 */
const INTERVAL_MS = 20_000;
let holders = 0;
let timer: ReturnType<typeof setInterval> | undefined;

export function keepServiceWorkerAlive(): () => void {
  holders++;
  timer ??= setInterval(() => void globalThis.chrome?.runtime?.getPlatformInfo?.(), INTERVAL_MS);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--holders === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}
