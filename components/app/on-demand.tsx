import { lazy, type ComponentType, type JSX, type LazyExoticComponent } from 'react';
import { wantLateStrings } from '../../lib/i18n/i18n';
import { preload, useModule } from '../common/use-module';

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
function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): OnDemand<P> {
  const loadPart = withLateStrings(load);
  function OnDemand(props: P) {
    const Component = useModule(loadPart);
    return Component ? <Component {...props} /> : null;
  }
  return Object.assign(OnDemand, { preload: () => preload(loadPart) });
}

/** Shown only on first run, when no provider exists. */
export const Onboarding = onDemand(() => import('../chat/Onboarding').then((m) => m.Onboarding));
/** Reading a page aloud. */
export const ReaderBar = onDemand(() => import('../reader/ReaderBar').then((m) => m.ReaderBar));
/** The tool calls of an answer, and the approvals it waits for. */
export const ToolSteps = onDemand(() => import('../chat/ToolSteps').then((m) => m.ToolSteps));
/** What plugins showed in an answer. */
export const PluginOutputs = onDemand(() => import('../plugins/PluginOutputs').then((m) => m.PluginOutputs));
/** Asking before a plugin runs. */
export const ToolCallApproval = onDemand(() => import('../plugins/ToolCallApproval').then((m) => m.ToolCallApproval));
/** The images waiting in the composer. */
export const ImageChips = onDemand(() => import('../images/ImageChips').then((m) => m.ImageChips));
/** Why an image could not be added or sent. */
export const AttachmentNotice = onDemand(() => import('../images/AttachmentNotice').then((m) => m.AttachmentNotice));
/** The images of a sent message. */
export const MessageImages = onDemand(() => import('../images/MessageImages').then((m) => m.MessageImages));
/** The "/" menu's list, from the first "/" typed. */
export const SlashList = onDemand(() => import('../chat/SlashList').then((m) => m.SlashList));
