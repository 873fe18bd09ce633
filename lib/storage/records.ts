import type { StoredMessage } from '../core/conversation';
import type { MessageRecord } from './db';

/** Drops keys whose value is undefined, so stored records carry no empty fields. */
export function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** Every message of one conversation in the [conversationId, createdAt] index. */
export function conversationRange(conversationId: string): IDBKeyRange {
  return IDBKeyRange.bound([conversationId, -Infinity], [conversationId, Infinity]);
}

/** Conversation order: by time, then by first-stored order for equal times. */
export function byTimeThenSeq(a: MessageRecord, b: MessageRecord): number {
  return a.createdAt - b.createdAt || a.seq - b.seq;
}

export function toMessage(record: MessageRecord): StoredMessage {
  const { seq: _seq, ...message } = record;
  return message;
}
