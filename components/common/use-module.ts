import { useEffect, useState } from 'react';

type Loader = () => Promise<unknown>;

/** Modules already in, by loader, shared by every component that asks for one. */
const loaded = new Map<Loader, unknown>();
const loading = new Map<Loader, Promise<unknown>>();

/** Starts `load` once; later calls share the same fetch. A failed load is tried again by the next call. */
export function preload<M>(load: () => Promise<M>): Promise<M> {
  if (loaded.has(load)) return Promise.resolve(loaded.get(load) as M);
  let pending = loading.get(load);
  if (!pending) {
    pending = load().then((module) => {
      loaded.set(load, module);
      return module;
    });
    loading.set(load, pending);
    pending.finally(() => loading.delete(load)).catch(() => undefined);
  }
  return pending as Promise<M>;
}

/**
 * A module fetched on demand, or undefined while it loads. Unlike React.lazy
 * it never suspends: a module already in (preloaded while the data it shows
 * was being read) renders in the same pass, where a Suspense boundary would
 * have committed its fallback and then held the content back for React's
 * reveal throttle (300 ms). A failed load is thrown to the nearest error
 * boundary, as a lazy component's would be; its retry fetches again.
 */
export function useModule<M>(load: (() => Promise<M>) | undefined): M | undefined {
  const [failure, setFailure] = useState<{ error: unknown }>();
  const [, arrived] = useState(0);
  const module = load && (loaded.get(load) as M | undefined);
  const missing = !!load && !loaded.has(load);
  useEffect(() => {
    if (!load || !missing) return;
    let live = true;
    preload(load).then(
      () => live && arrived((n) => n + 1),
      (error: unknown) => live && setFailure({ error }),
    );
    return () => {
      live = false;
    };
  }, [load, missing]);
  if (failure) throw failure.error;
  return module;
}
