/**
 * A fake clock for tests whose code waits on a timer (a retry's back-off, the
 * caller's deadline, the stream guard's idle limit) while real loopback
 * sockets carry its requests. Only timers (and, for the self-moving clock,
 * Date) are faked, so I/O and vitest's own polling run on.
 */
import { vi } from 'vitest';

/** A fake clock that moves only when the test moves it. */
export function installFakeClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

/**
 * Waits for `check` to hold without moving the fake clock (vi.waitUntil moves
 * it by its interval at every look), yielding to I/O between looks.
 */
export async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`Still waiting after ${timeoutMs} ms for ${String(check)}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** AbortSignal.timeout on the fake clock (the real one keeps real time): it aborts with the same TimeoutError. */
export function fakeTimeoutSignal(ms: number): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), ms);
  return controller.signal;
}

/**
 * Fakes the clock (Date too, so a test measuring a wait reads fake time) and
 * keeps it moving, 100 ms at a step, while a timer is set: a back-off of a few
 * seconds passes in a few real milliseconds, while a request's own timeout of
 * minutes still lies far beyond its reply from loopback. Returns what puts
 * the real clock back.
 */
export function fakeClockThatRunsItself(): () => void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  let running = true;
  void (async () => {
    while (running) {
      if (vi.getTimerCount() > 0) await vi.advanceTimersByTimeAsync(100);
      else await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  return () => {
    running = false;
    vi.useRealTimers();
  };
}
