import { useEffect, type RefObject } from 'react';
import type { StoredMessage } from '../../lib/core/conversation';
import { forgetLastScreen, MAX_SCREEN_CHARS } from './last-screen';
import { rememberLastScreen } from './take-last-screen';

/** Longest the copy waits for an idle moment once the last message has settled. */
const COPY_WAIT_MS = 2000;

/**
 * Keeps the copy of the last screen (last-screen.ts) as the log shows the conversation's last message:
 * forgotten as soon as a question is sent or an answer is being written (a panel closed now would reopen on an answer
 * that went on without it), copied again at the first idle moment once the answer has settled. `last` is the message
 * `article` shows when it is the conversation's last one, and undefined otherwise.
 */
export function useLastScreen(article: RefObject<HTMLElement | null>, last: StoredMessage | undefined, busy: boolean): void {
  // A question last is about to be answered (or its sending failed): the screen is not worth a copy either way.
  const writing = busy || last?.status === 'streaming' || last?.role === 'user';
  // Once when the writing starts, not on every token it brings.
  useEffect(() => {
    if (last && writing) forgetLastScreen();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [!!last, writing]);

  useEffect(() => {
    if (!last || writing) return;
    // Known too long from its text alone: copying its rendering first would cost a long task for nothing.
    if (last.content.length > MAX_SCREEN_CHARS) return forgetLastScreen();
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
