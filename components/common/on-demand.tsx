import { lazy, type ComponentType, type JSX, type LazyExoticComponent } from 'react';
import { wantLateStrings } from '../../lib/i18n/i18n';
import { preload, useModule } from './use-module';

/**
 * A part's loader that also loads the late sections of the strings (lib/i18n/sections.ts): a part that shows them
 * never renders before they are in, and an empty panel's first load carries neither.
 */
function withLateStrings<P>(load: () => Promise<ComponentType<P>>): () => Promise<ComponentType<P>> {
  return () => Promise.all([load(), wantLateStrings()]).then(([component]) => component);
}

/**
 * React.lazy for the parts of the panel loaded on demand that show a loading line meanwhile, with the late strings.
 * A test keeps every lazily loaded part going through here or onDemand.
 */
export function lazyView<P extends object>(load: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> {
  const loadPart = withLateStrings(load);
  return lazy(() => loadPart().then((component) => ({ default: component })));
}

/** A part loaded on demand, which can also be fetched ahead of its first render. */
export type OnDemand<P> = ((props: P) => JSX.Element | null) & {
  /** Fetches the part (and the late strings) now, so its first render has it: for when it is sure to be needed soon. */
  preload(): Promise<unknown>;
};

/**
 * A component that loads on its first render and shows nothing until it is
 * in, so nothing else waits for it. For parts the first paint of an empty chat
 * does not show, which keep the panel's first-load script small. Unlike a
 * React.lazy part, one preloaded renders in the very pass that first needs it:
 * React.lazy calls its loader from inside that render, and always suspends it
 * once, so even a part already fetched put its loading work (and a second
 * render) into whatever update first showed it, such as sending a message.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): OnDemand<P> {
  const loadPart = withLateStrings(load);
  function OnDemand(props: P) {
    const Component = useModule(loadPart);
    return Component ? <Component {...props} /> : null;
  }
  return Object.assign(OnDemand, { preload: () => preload(loadPart) });
}
