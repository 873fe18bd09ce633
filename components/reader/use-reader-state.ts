import { useEffect, useState } from 'react';
import { request } from '@/lib/messaging/client';
import { onBroadcast } from '@/lib/messaging/events';
import type { ReaderState } from '@/lib/messaging/reader-protocol';

/**
 * The background's reading state: asked for once (the panel may open
 * mid-reading), then followed through broadcasts. Undefined until known.
 */
export function useReaderState(): [ReaderState | undefined, (state: ReaderState) => void] {
  const [state, setState] = useState<ReaderState>();
  useEffect(() => {
    let heard = false;
    const stop = onBroadcast((event) => {
      if (event.type !== 'reader.state') return;
      heard = true;
      setState(event.state);
    });
    // A broadcast that overtook the answer is newer than it.
    request('reader.state', {})
      .then((s) => heard || setState(s))
      .catch(() => undefined);
    return stop;
  }, []);
  return [state, setState];
}
