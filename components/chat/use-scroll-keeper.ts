import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { followReader } from './follow-reader';

/**
 * Where each conversation was left scrolled up, by id, for as long as the
 * panel is open: coming back from Settings or History puts the reader back
 * there. A conversation not in here opens at its latest message.
 */
const positions = new Map<string, number>();

export interface ScrollKeeper {
  /** True when the reader is away from the latest message (the "Scroll to latest" button shows). */
  away: boolean;
  toLatest(): void;
  /** For a list that mounts later (the virtualiser): where to start, or undefined for the end. */
  startAt(): number | undefined;
}

/**
 * Keeps the conversation log where the reader wants it: following the answer
 * while they are at the end (also when the action row appears under a
 * finished answer), staying put once they scroll up, at the end after a send,
 * and where they left each conversation when they come back to it.
 *
 * Following stops only on the reader's own scrolling (wheel, touch, keys, the
 * scrollbar), never because a scroll event found the end far away: one update
 * can grow the answer by more than a screen before our own scroll catches up.
 *
 * `log` is the scrolling element, `content` what grows inside it; `lastId`
 * is the newest message's id (a new one means a send or a new answer).
 */
export function useScrollKeeper(
  log: RefObject<HTMLElement | null>,
  content: RefObject<HTMLElement | null>,
  conversationId: string | undefined,
  lastId: string | undefined,
): ScrollKeeper {
  const [away, setAway] = useState(false);
  /** Following the end: content that grows scrolls along. */
  const pinned = useRef(true);
  /** A remembered position being restored while the layout settles (lazy markdown, the virtualiser); dropped once the reader scrolls. */
  const target = useRef<number | undefined>(undefined);
  const key = useRef(conversationId);
  key.current = conversationId;
  /** The reader scrolled up since the log was last at its end: a scroll away from the end is theirs, not ours or the layout's. */
  const readerMoved = useRef(false);
  /** Where our own last scroll put the log, until a scroll event reports it elsewhere: an event there is ours landing late. */
  const ownTop = useRef<number | undefined>(undefined);
  const seen = useRef<{ conversationId: string | undefined; lastId: string | undefined } | null>(null);

  const toLatest = useCallback(() => {
    const el = log.current;
    pinned.current = true;
    readerMoved.current = false;
    target.current = undefined;
    setAway(false);
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    ownTop.current = el.scrollTop;
  }, [log]);

  useLayoutEffect(() => {
    const before = seen.current;
    seen.current = { conversationId, lastId };
    const el = log.current;
    if (!el) return;
    if (!before || before.conversationId !== conversationId) {
      const saved = conversationId ? positions.get(conversationId) : undefined;
      if (saved === undefined) return toLatest();
      pinned.current = false;
      target.current = saved;
      setAway(true);
      el.scrollTop = saved;
    } else if (lastId && lastId !== before.lastId) {
      // A message sent, or an answer started, here: show it, wherever the reader was.
      toLatest();
    }
  }, [conversationId, lastId, log, toLatest]);

  useEffect(() => {
    const el = log.current;
    if (!el) return;
    return followReader(el, content.current, {
      pinned,
      target,
      readerMoved,
      ownTop,
      setAway,
      remember: (top) => {
        if (!key.current) return;
        if (top === undefined) positions.delete(key.current);
        else positions.set(key.current, top);
      },
    });
  }, [log, content]);

  const startAt = useCallback(() => target.current, []);
  return { away, toLatest, startAt };
}
