import { useEffect, type RefObject } from 'react';
import type { StoredMessage } from '../../lib/core/conversation';
import { forgetLastScreen, rememberLastScreen } from '../app/last-screen';

/** Longest the copy waits for an idle moment once the last message has settled. */
const COPY_WAIT_MS = 2000;

/**
 * Keeps the copy of the last screen (components/app/last-screen.ts) as the log shows the conversation's last message:
 * forgotten as soon as an answer is being written (a panel closed now would reopen on an answer that went on without
 * it), copied again at the first idle moment once it has settled. `last` is the message `article` shows when it is
 * the conversation's last one, and undefined otherwise.
 */
export function useLastScreen(article: RefObject<HTMLElement | null>, last: StoredMessage | undefined, busy: boolean): void {
  const writing = busy || last?.status === 'streaming';
  // Once when the writing starts, not on every token it brings.
  useEffect(() => {
    if (last && writing) forgetLastScreen();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [!!last, writing]);

  useEffect(() => {
    if (!last || writing) return;
    const copy = requestIdleCallback(
      () => {
        const log = article.current?.closest<HTMLElement>('[role="log"]');
        if (log) rememberLastScreen(log, last.conversationId);
      },
      { timeout: COPY_WAIT_MS },
    );
    return () => cancelIdleCallback(copy);
  }, [article, last, writing]);
}
