import { useEffect } from 'react';
import { create } from 'zustand';
import { ChatFailure, toChatError, type ChatError } from '../../lib/core/errors';
import { request } from '../../lib/messaging/client';
import { onBroadcast } from '../../lib/messaging/events';
import type { ReaderCommand, ReaderState } from '../../lib/messaging/reader-protocol';
import { currentWindowId } from '../../lib/page/active-tab';

interface ReaderUi {
  /** The background's reading state; undefined until known. */
  state?: ReaderState;
  /** A start is on its way to the background. */
  starting: boolean;
  /** Why the panel's last start or command failed; cleared by the next one. */
  failure?: ChatError;
}

/**
 * The panel's side of reading aloud, shared by the buttons that start a
 * reading (composer, empty chat) and the reading bar that controls it.
 */
export const useReaderUi = create<ReaderUi>(() => ({ starting: false }));

let following = false;

/** Asks for the state once (the panel may open mid-reading), then follows the broadcasts. */
function follow(): void {
  if (following) return;
  following = true;
  let heard = false;
  onBroadcast((event) => {
    if (event.type !== 'reader.state') return;
    heard = true;
    useReaderUi.setState({ state: event.state });
  });
  // A broadcast that overtook the answer is newer than it.
  request('reader.state', {})
    .then((state) => heard || useReaderUi.setState({ state }))
    .catch(() => undefined);
}

/** The background's reading state, followed for as long as the panel lives. */
export function useReaderState(): ReaderState | undefined {
  useEffect(follow, []);
  return useReaderUi((s) => s.state);
}

async function run(call: () => Promise<ReaderState>): Promise<void> {
  useReaderUi.setState({ failure: undefined });
  try {
    useReaderUi.setState({ state: await call() });
  } catch (e) {
    const error = e instanceof ChatFailure ? e.error : toChatError(e);
    if (error.code !== 'aborted') useReaderUi.setState({ failure: error });
  }
}

/**
 * Reads the active tab of the panel's window aloud from the top. The request leaves before the panel re-renders for
 * "starting", and without asking the browser for the window when the caller knows it: every step before the first
 * audio counts.
 */
export async function startReading(windowId: number | undefined): Promise<void> {
  const started = run(async () => request('reader.start', { windowId: windowId ?? (await currentWindowId()) }));
  useReaderUi.setState({ starting: true });
  await started;
  useReaderUi.setState({ starting: false });
}

export function controlReading(command: ReaderCommand): void {
  void run(() => request('reader.control', command));
}

export function dismissReaderFailure(): void {
  useReaderUi.setState({ failure: undefined });
}
