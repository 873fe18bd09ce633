import type { RefObject } from 'react';
import { atLogEnd } from './log-end';

/** Keys that scroll the log towards its start. */
const UP_KEYS: ReadonlySet<string> = new Set(['ArrowUp', 'PageUp', 'Home']);

/** The scroll keeper's state that the reader's input changes (see useScrollKeeper). */
export interface KeeperState {
  /** Following the end: content that grows scrolls along. */
  pinned: RefObject<boolean>;
  /** A remembered position being restored while the layout settles; dropped once the reader scrolls. */
  target: RefObject<number | undefined>;
  /** The reader scrolled up since the log was last at its end. */
  readerMoved: RefObject<boolean>;
  /** Where our own last scroll put the log, until a scroll event reports it elsewhere. */
  ownTop: RefObject<number | undefined>;
  setAway(away: boolean): void;
  /** Keeps where the reader left the conversation, or forgets it (undefined) once they are back at the end. */
  remember(top: number | undefined): void;
}

/**
 * Listens to the reader's own scrolling of `log` (wheel, touch, keys, the scrollbar) and to `log` and `content`
 * growing, and keeps `state` in step: following the end, held at a restored position, or left where the reader went.
 * Returns what stops listening.
 */
export function followReader(el: HTMLElement, content: HTMLElement | null, state: KeeperState): () => void {
  const { pinned, target, readerMoved, ownTop, setAway, remember } = state;
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
    remember(pinned.current ? undefined : el.scrollTop);
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
      remember(0);
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
    if (content) observer.observe(content);
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
}
