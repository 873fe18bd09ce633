import { vi } from 'vitest';

/** jsdom has no idle callbacks: work the panel leaves for an idle moment (the last screen's copy) never runs. */
export function neverIdle(): void {
  vi.stubGlobal('requestIdleCallback', () => 0);
  vi.stubGlobal('cancelIdleCallback', () => undefined);
}
