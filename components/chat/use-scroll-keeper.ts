import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** Closer than this to the end counts as "at the latest message". */
const END_SLACK = 48;

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
  const seen = useRef<{ conversationId: string | undefined; lastId: string | undefined } | null>(null);

  const toLatest = useCallback(() => {
    const el = log.current;
    pinned.current = true;
    target.current = undefined;
    setAway(false);
    if (el) el.scrollTop = el.scrollHeight;
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
    const onScroll = () => {
      if (target.current !== undefined) return;
      const atEnd = el.scrollHeight - el.scrollTop - el.clientHeight <= END_SLACK;
      pinned.current = atEnd;
      setAway(!atEnd);
      if (!key.current) return;
      if (atEnd) positions.delete(key.current);
      else positions.set(key.current, el.scrollTop);
    };
    // Only the reader's own input ends a restore; the scrolls the layout causes do not.
    const readerScrolls = () => {
      target.current = undefined;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    for (const type of ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const)
      el.addEventListener(type, readerScrolls, { passive: true });
    let observer: ResizeObserver | undefined;
    if (typeof ResizeObserver === 'function') {
      observer = new ResizeObserver(() => {
        if (target.current !== undefined) el.scrollTop = target.current;
        else if (pinned.current) el.scrollTop = el.scrollHeight;
      });
      observer.observe(el);
      if (content.current) observer.observe(content.current);
    }
    return () => {
      el.removeEventListener('scroll', onScroll);
      for (const type of ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const) el.removeEventListener(type, readerScrolls);
      observer?.disconnect();
    };
  }, [log, content]);

  const startAt = useCallback(() => target.current, []);
  return { away, toLatest, startAt };
}
