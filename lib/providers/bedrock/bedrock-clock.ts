import type { FinalizeRequestMiddleware, RelativeMiddlewareOptions } from '@smithy/types';

/** AWS refuses signatures more than five minutes off its own clock. */
export const CLOCK_SKEW_LIMIT_MS = 5 * 60_000;

function dateHeader(message: unknown): string | undefined {
  const headers = (message as { headers?: Record<string, string | undefined> } | undefined)?.headers;
  return headers?.date;
}

/**
 * How far this machine's clock is from the service's, learnt from the Date
 * header of its replies. A machine clock off by minutes makes every signature
 * expire on arrival, so requests are signed with the service's time instead.
 */
export class ServiceClock {
  offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Adopts the service's time from a Date header when it is more than five minutes from ours. */
  sample(header: string | undefined): void {
    const serverMs = header ? Date.parse(header) : Number.NaN;
    if (Number.isNaN(serverMs)) return;
    if (Math.abs(serverMs - (Date.now() + this.offsetMs)) > CLOCK_SKEW_LIMIT_MS) this.offsetMs = serverMs - Date.now();
  }
}

export const clockSkewMiddlewareOptions: RelativeMiddlewareOptions = {
  name: 'bedrockClockSkewMiddleware',
  relation: 'after',
  toMiddleware: 'retryMiddleware',
  override: true,
};

/**
 * Sits inside the SDK's retry loop, around each attempt. The SDK's own signer
 * samples the clock only for calls without an event stream, so streaming
 * calls (the ones chat uses) would never recover from a skewed clock; here
 * every reply is sampled, and a failure that led to a correction is marked
 * the way the SDK marks its own, which makes the retry strategy try again
 * with the corrected time.
 */
export function clockSkewMiddleware<Input extends object, Output extends object>(
  clock: ServiceClock,
  config: { systemClockOffset: number },
): FinalizeRequestMiddleware<Input, Output> {
  return (next) => async (args) => {
    const signedWith = clock.offsetMs;
    config.systemClockOffset = signedWith;
    try {
      const out = await next(args);
      clock.sample(dateHeader(out.response));
      return out;
    } catch (e) {
      const failure = e as { $response?: unknown; $metadata?: { clockSkewCorrected?: boolean } };
      clock.sample(dateHeader(failure.$response));
      // Corrected by this reply or, meanwhile, by a concurrent one: either way this attempt used a wrong clock.
      if (clock.offsetMs !== signedWith && failure.$metadata) failure.$metadata.clockSkewCorrected = true;
      throw e;
    } finally {
      config.systemClockOffset = clock.offsetMs;
    }
  };
}
