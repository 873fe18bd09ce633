import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { atLogEnd } from './log-end';

/** Keys that scroll the log towards its start. */
const UP_KEYS: ReadonlySet<string> = new Set(['ArrowUp', 'PageUp', 'Home']);

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
    // Only the reader's own input ends a restore; the scrolls the layout causes do not.
    const readerScrolls = () => {
      target.current = undefined;
    };
    let dragging = false;
    const leave = () => {
      readerMoved.current = true;
      // Already at the top, there is nowhere to go: an upward wheel there is no reason to stop following.
      if (el.scrollTop > 0) pinned.current = false;
    };
    const onScrollFromReader = () => {
      if (target.current !== undefined) return;
      const atEnd = atLogEnd(el);
      const ours = el.scrollTop === ownTop.current;
      if (!ours) ownTop.current = undefined;
      // Back at the end, the following resumes (and so does ignoring the scroll events it causes); after
      // the reader scrolled up, only their coming back counts, not our own scroll landing late.
      if (atEnd && (!readerMoved.current || !ours)) {
        pinned.current = true;
        readerMoved.current = false;
      }
      // Our own scrolls and the layout's never stop the following; only a scroll the reader makes does.
      else if (!atEnd && (readerMoved.current || dragging)) pinned.current = false;
      setAway(!pinned.current);
      if (!key.current) return;
      if (pinned.current) positions.delete(key.current);
      else positions.set(key.current, el.scrollTop);
    };
    const onWheel = (e: WheelEvent) => {
      readerScrolls();
      if (e.deltaY < 0) leave();
    };
    const onKey = (e: KeyboardEvent) => {
      // Typing in a box inside the log (editing a message) scrolls nothing by itself.
      if ((e.target as Element).closest('input, textarea, [contenteditable]')) return;
      readerScrolls();
      if (UP_KEYS.has(e.key) || (e.key === ' ' && e.shiftKey)) leave();
      // Home asks for the first message, and is held there like a remembered position: the earlier messages, read at
      // the panel's first idle moment, and the virtualiser that mounts with them would otherwise open at the end.
      if (e.key === 'Home' && el.scrollTop > 0) {
        target.current = 0;
        setAway(true);
        // Held there, the scroll it causes is not recorded: a return from Settings or another conversation comes here.
        if (key.current) positions.set(key.current, 0);
      }
    };
    // A finger moving down the screen scrolls the log up.
    let touchY: number | undefined;
    const onTouchStart = (e: TouchEvent) => {
      readerScrolls();
      touchY = e.touches[0]?.clientY;
    };
    const onTouchMove = (e: TouchEvent) => {
      const y = e.touches[0]?.clientY;
      if (y !== undefined && touchY !== undefined && y > touchY) leave();
      touchY = y;
    };
    // A press on the log itself (not on a message in it) is its scrollbar.
    const onPointerDown = (e: PointerEvent) => {
      readerScrolls();
      if (e.target === el) dragging = true;
    };
    const onPointerUp = () => {
      dragging = false;
    };
    el.addEventListener('scroll', onScrollFromReader, { passive: true });
    el.addEventListener('wheel', onWheel, { passive: true });
    el.addEventListener('keydown', onKey, { passive: true });
    el.addEventListener('touchstart', onTouchStart, { passive: true });
    el.addEventListener('touchmove', onTouchMove, { passive: true });
    el.addEventListener('pointerdown', onPointerDown, { passive: true });
    window.addEventListener('pointerup', onPointerUp, { passive: true });
    let observer: ResizeObserver | undefined;
    if (typeof ResizeObserver === 'function') {
      observer = new ResizeObserver(() => {
        if (target.current !== undefined) el.scrollTop = target.current;
        else if (pinned.current) {
          el.scrollTop = el.scrollHeight;
          ownTop.current = el.scrollTop;
        }
      });
      observer.observe(el);
      if (content.current) observer.observe(content.current);
    }
    return () => {
      el.removeEventListener('scroll', onScrollFromReader);
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('keydown', onKey);
      el.removeEventListener('touchstart', onTouchStart);
      el.removeEventListener('touchmove', onTouchMove);
      el.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('pointerup', onPointerUp);
      observer?.disconnect();
    };
  }, [log, content]);

  const startAt = useCallback(() => target.current, []);
  return { away, toLatest, startAt };
}
