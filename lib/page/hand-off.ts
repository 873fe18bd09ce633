import type { AskIntent } from './menu-model';

/** Text the user handed from a page to the panel of one window. */
export interface HandOff {
  id: string;
  windowId: number;
  createdAt: number;
  intent: AskIntent;
  selection?: { text: string; title?: string; url?: string };
  /** Why there is no selection: the page cannot be read, or nothing was selected. */
  problem?: 'restricted' | 'no-selection';
}

/** The slice of chrome.storage.session the box needs; a Map-backed fake stands in for it in tests. */
export interface SessionArea {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(key: string): Promise<void>;
}

/** A hand-off nobody collected within this time is from an abandoned attempt, not the one now opening. */
export const HAND_OFF_MAX_AGE_MS = 5 * 60_000;

const keyOf = (windowId: number) => `parley.handOff.${windowId}`;

/**
 * Carries a selection from a menu click or shortcut to the side panel of the
 * same window. The panel may still be opening, or the worker may be stopped
 * between the click and the panel's first request, so hand-offs wait in
 * session storage until a panel takes them. Taking is exclusive: the panel's
 * "ready" request and its reaction to the broadcast cannot both get it.
 */
export class HandOffBox {
  /** Deliveries still reading the page, per window: a take waits for them instead of finding nothing. */
  private readonly inFlight = new Map<number, Promise<unknown>>();
  /** Storage reads and writes run one at a time, which makes take's read-then-remove atomic. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly area: SessionArea,
    private readonly now: () => number = Date.now,
  ) {}

  private serially<T>(job: () => Promise<T>): Promise<T> {
    const run = this.queue.then(job, job);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Registers the delivery synchronously, so that a panel asking right after
   * the click waits for it; the newest delivery for a window replaces older ones.
   */
  deliver(windowId: number, handOff: Promise<HandOff | undefined>): Promise<void> {
    const stored = handOff.then((h) => (h ? this.serially(() => this.area.set({ [keyOf(windowId)]: h })) : undefined));
    const settled = stored.catch(() => undefined);
    this.inFlight.set(windowId, settled);
    void settled.then(() => {
      if (this.inFlight.get(windowId) === settled) this.inFlight.delete(windowId);
    });
    return stored;
  }

  async take(windowId: number): Promise<HandOff | undefined> {
    await this.inFlight.get(windowId);
    return this.serially(async () => {
      const key = keyOf(windowId);
      const found = (await this.area.get(key))[key] as HandOff | undefined;
      if (!found) return undefined;
      await this.area.remove(key);
      return this.now() - found.createdAt <= HAND_OFF_MAX_AGE_MS ? found : undefined;
    });
  }
}
