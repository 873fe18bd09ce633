import { vi } from 'vitest';

/** jsdom has no CSS namespace; the panel uses CSS.escape to find its message box. Undone by vi.unstubAllGlobals. */
export function stubCssEscape(): void {
  vi.stubGlobal('CSS', { escape: (text: string) => text.replace(/["\\]/g, '\\$&') });
}
