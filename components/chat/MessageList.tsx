import type { ReactNode, RefObject } from 'react';
import type { StoredMessage } from '../../lib/core/conversation';
import { useModule } from '../common/use-module';
import { loadVirtualMessages } from '../startup/message-view-loaders';
import './message-list.css';

/** From this many messages on, only those near the viewport are mounted. */
export const VIRTUAL_FROM = 60;
/** While the virtualiser loads, the newest messages stand in for the whole list. */
const FALLBACK_LAST = 20;

export interface MessageListProps {
  messages: readonly StoredMessage[];
  /** The scrolling log the list lives in. */
  scrollRef: RefObject<HTMLElement | null>;
  renderMessage(message: StoredMessage): ReactNode;
  /** Where a list mounted later should start (a remembered position), or undefined for the latest message. */
  startAt?: () => number | undefined;
}

/**
 * The conversation's messages. A short conversation renders whole; a long one
 * (hundreds or thousands of messages) is virtualised, and the virtualiser is
 * fetched only then, so it adds nothing to the panel's first load.
 */
export function MessageList({ messages, scrollRef, renderMessage, startAt }: MessageListProps) {
  const long = messages.length >= VIRTUAL_FROM;
  const virtual = useModule(long ? loadVirtualMessages : undefined);
  if (!long) return <>{messages.map(renderMessage)}</>;
  if (!virtual) return <>{messages.slice(-FALLBACK_LAST).map(renderMessage)}</>;
  return <virtual.default messages={messages} scrollRef={scrollRef} renderMessage={renderMessage} startAt={startAt} />;
}
