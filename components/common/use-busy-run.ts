import { useState } from 'react';
import { toChatError, type ChatError } from '../../lib/core/errors';

/** Runs one piece of async work at a time, keeping whether it is under way and how it last failed. */
export function useBusyRun() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ChatError>();
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (e) {
      setError(toChatError(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
