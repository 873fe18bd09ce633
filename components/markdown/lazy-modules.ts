import { startTransition, useEffect, useState } from 'react';

interface LazyModule<T> {
  get(): T | null;
  /** The last attempt to load failed (the next subscriber tries again). */
  failed(): boolean;
  subscribe(listener: () => void): () => void;
}

/** Starts loading on the first subscriber, so a chunk is fetched only once something on screen needs it. */
function lazyModule<T>(load: () => Promise<T>): LazyModule<T> {
  let value: T | null = null;
  let requested = false;
  let failed = false;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    failed: () => failed,
    subscribe(listener) {
      listeners.add(listener);
      if (!requested) {
        requested = true;
        failed = false;
        load().then(
          (loaded) => {
            value = loaded;
            for (const notify of listeners) notify();
          },
          // A failed chunk leaves the plain text in place; the next block that needs it tries again.
          () => {
            requested = false;
            failed = true;
            for (const notify of listeners) notify();
          },
        );
      }
      return () => listeners.delete(listener);
    },
  };
}

const highlighter = lazyModule(() => import('./code-highlighter'));
const tex = lazyModule(() => import('./tex'));

/**
 * When a module arrives, every code block or formula waiting for it updates.
 * As a transition React can yield between them, so typesetting a page of
 * formulas does not become one long main-thread task.
 */
function useLazyModuleState<T>(module: LazyModule<T>): { value: T | null; failed: boolean } {
  const [state, setState] = useState(() => ({ value: module.get(), failed: module.failed() }));
  useEffect(() => {
    const update = () => startTransition(() => setState({ value: module.get(), failed: module.failed() }));
    const unsubscribe = module.subscribe(update);
    // It may have arrived between this component's render and now.
    if (module.get() !== null) update();
    return unsubscribe;
  }, [module]);
  return state;
}

function useLazyModule<T>(module: LazyModule<T>): T | null {
  return useLazyModuleState(module).value;
}

export function useHighlighter() {
  return useLazyModule(highlighter);
}

export function useTex() {
  return useLazyModule(tex);
}

/** KaTeX, and whether loading it failed (then a formula shows its source instead of waiting). */
export function useTexState() {
  const { value, failed } = useLazyModuleState(tex);
  return { renderer: value, failed };
}
