import { useEffect, useLayoutEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { MessageListProps } from './MessageList';

/** A first guess at a message's height; each one is measured once mounted. */
const ESTIMATED_HEIGHT = 160;
/** Messages mounted beyond each edge of the viewport, so scrolling shows no blank. */
const OVERSCAN = 4;

/**
 * Mounts only the messages near the viewport. Each sits in a measured slot;
 * the articles inside keep their role and name, and the log around them its
 * role, so assistive technology reads the same conversation.
 */
export default function VirtualMessages({ messages, scrollRef, renderMessage, startAt }: MessageListProps) {
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_HEIGHT,
    overscan: OVERSCAN,
    getItemKey: (index) => messages[index]!.id,
  });

  // A conversation opens at its latest message, as a short one does, unless the reader left it elsewhere.
  const opened = useRef(false);
  useLayoutEffect(() => {
    const log = scrollRef.current;
    if (opened.current || !log || !messages.length) return;
    opened.current = true;
    // The browser clamps this to the end; the virtualiser follows the scroll and mounts the last messages.
    log.scrollTop = startAt?.() ?? virtualizer.getTotalSize();
  });

  // The browser's own Home and End scroll smoothly, and every message measured on the way (its height was
  // only estimated) moves the view under that animation and ends it part way: Home stopped thousands of
  // pixels short of the first message. The virtualiser's own scroll measures as it goes and lands.
  useEffect(() => {
    const log = scrollRef.current;
    if (!log) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.metaKey || e.shiftKey) return;
      if ((e.target as Element).closest('input, textarea, select, [contenteditable]')) return;
      if (e.key === 'Home') virtualizer.scrollToIndex(0, { align: 'start' });
      else if (e.key === 'End') virtualizer.scrollToEnd();
      else return;
      e.preventDefault();
    };
    log.addEventListener('keydown', onKeyDown);
    return () => log.removeEventListener('keydown', onKeyDown);
  }, [scrollRef, virtualizer]);

  return (
    <div className="message-slots" style={{ blockSize: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((item) => (
        <div
          key={item.key}
          className="message-slot"
          data-index={item.index}
          ref={virtualizer.measureElement}
          // Spaced like the log's gap, which follows no last message: the end then sits where a short list's does.
          style={{ transform: `translateY(${item.start}px)`, ...(item.index === messages.length - 1 && { paddingBlockEnd: 0 }) }}
        >
          {renderMessage(messages[item.index]!)}
        </div>
      ))}
    </div>
  );
}
