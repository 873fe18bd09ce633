import { startTransition, useEffect, useState } from 'react';

interface LazyModule<T> {
  get(): T | null;
  subscribe(listener: () => void): () => void;
}

/** Starts loading on the first subscriber, so a chunk is fetched only once something on screen needs it. */
function lazyModule<T>(load: () => Promise<T>): LazyModule<T> {
  let value: T | null = null;
  let requested = false;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    subscribe(listener) {
      listeners.add(listener);
      if (!requested) {
        requested = true;
        load().then(
          (loaded) => {
            value = loaded;
            for (const notify of listeners) notify();
          },
          // A failed chunk leaves the plain text in place; the next block that needs it tries again.
          () => {
            requested = false;
          },
        );
      }
      return () => listeners.delete(listener);
    },
  };
}

const highlighter = lazyModule(() => import('./highlighter'));
const tex = lazyModule(() => import('./tex'));

/**
 * When a module arrives, every code block or formula waiting for it updates.
 * As a transition React can yield between them, so typesetting a page of
 * formulas does not become one long main-thread task.
 */
function useLazyModule<T>(module: LazyModule<T>): T | null {
  const [value, setValue] = useState(module.get);
  useEffect(() => {
    const update = () => startTransition(() => setValue(module.get()));
    const unsubscribe = module.subscribe(update);
    // It may have arrived between this component's render and now.
    if (module.get() !== null) update();
    return unsubscribe;
  }, [module]);
  return value;
}

export function useHighlighter() {
  return useLazyModule(highlighter);
}

export function useTex() {
  return useLazyModule(tex);
}
