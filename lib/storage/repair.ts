/**
 * Records as read back from IndexedDB are not trusted to match today's types:
 * an older version, a bug or a bad import may have left a message whose
 * content is null or a conversation missing fields, and one such record must
 * not blank the panel. Each record is repaired when the meaning of a missing
 * field is clear (an absent title is the untitled placeholder, absent text is
 * no text) and set aside in the `quarantine` store otherwise, never deleted.
 * Fields these checks do not know (added by a newer feature) are kept as stored.
 */
import type { GenerationParams } from '../core/chat';
import type { Conversation, MessageStatus, StoredMessage } from '../core/conversation';
import type { MessageRecord } from './db';
import {
  ImportError,
  readChatError,
  readContextBlock,
  readImageRef,
  readModelRef,
  readParams,
  readToolStep,
  readUsage,
} from './field-readers';
import type { Prefs } from './prefs';
import { withoutUndefined } from './records';

/** A record as it may be used, or why it cannot be. */
export type Checked<T> = { ok: true; value: T; repaired: boolean } | { ok: false; reason: string };

/** For reads: the record as it may be used (repaired in memory), or nothing; the stored copy is fixed by checkStoredRecords. */
export function usable<T>(check: (raw: unknown) => Checked<T>): (raw: unknown) => T[] {
  return (raw) => {
    if (raw === undefined) return [];
    const checked = check(raw);
    return checked.ok ? [checked.value] : [];
  };
}

const STATUSES: readonly MessageStatus[] = ['complete', 'streaming', 'incomplete', 'error'];
const ROLES: readonly StoredMessage['role'][] = ['user', 'assistant'];

type Fields = Record<string, unknown>;

export const isRecord = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
export const isId = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
export const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Tracks whether any field had to be changed while a record is checked. */
export class Repairs {
  repaired = false;

  /** `value` when it passes `valid`, else `fallback` (noting the repair). */
  field<T>(value: unknown, valid: (v: unknown) => v is T, fallback: T): T {
    if (valid(value)) return value;
    this.repaired = true;
    return fallback;
  }

  /** An optional field read with an export-format reader; a malformed one is dropped. */
  optional<T>(value: unknown, read: (v: unknown, path: string) => T): T | undefined {
    if (value === undefined) return undefined;
    try {
      return read(value, '');
    } catch (e) {
      if (!(e instanceof ImportError)) throw e;
      this.repaired = true;
      return undefined;
    }
  }

  /** A required field read with an export-format reader; a missing or malformed one gets `fallback`. */
  required<T>(value: unknown, read: (v: unknown, path: string) => T, fallback: T): T {
    const read1 = value === undefined ? undefined : this.optional(value, read);
    if (read1 !== undefined) return read1;
    this.repaired = true;
    return fallback;
  }

  /** An optional list: malformed items are dropped, and so is a field that is not a list. */
  list<T>(value: unknown, read: (v: unknown, path: string) => T): T[] | undefined {
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) {
      this.repaired = true;
      return undefined;
    }
    return value.flatMap((item: unknown) => {
      const kept = this.optional(item, read);
      return kept === undefined ? [] : [kept];
    });
  }

  done<T>(value: T): Checked<T> {
    return { ok: true, value, repaired: this.repaired };
  }
}

function readText(value: unknown): string {
  if (typeof value !== 'string') throw new ImportError('invalid-format', '', 'expected a string');
  return value;
}

export const isString = (v: unknown): v is string => typeof v === 'string';
export const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);

export function checkConversation(raw: unknown): Checked<Conversation> {
  if (!isRecord(raw)) return { ok: false, reason: 'not an object' };
  if (!isId(raw.id)) return { ok: false, reason: 'no id' };
  const r = new Repairs();
  const createdAt = r.field(raw.createdAt, isTime, isTime(raw.updatedAt) ? raw.updatedAt : 0);
  return r.done(
    withoutUndefined({
      ...raw,
      id: raw.id,
      title: r.field(raw.title, isString, ''),
      createdAt,
      updatedAt: r.field(raw.updatedAt, isTime, createdAt),
      systemPrompt: r.field(raw.systemPrompt, isString, ''),
      params: r.required<GenerationParams>(raw.params, readParams, {}),
      model: r.optional(raw.model, readModelRef),
      plugins: r.list(raw.plugins, readText),
    }),
  );
}

export function checkMessage(raw: unknown): Checked<MessageRecord> {
  if (!isRecord(raw)) return { ok: false, reason: 'not an object' };
  if (!isId(raw.id)) return { ok: false, reason: 'no id' };
  if (!isId(raw.conversationId)) return { ok: false, reason: 'no conversation' };
  // Who wrote it, and where it sits in the conversation, cannot be guessed.
  if (!ROLES.includes(raw.role as StoredMessage['role'])) return { ok: false, reason: 'unknown role' };
  if (!isTime(raw.createdAt)) return { ok: false, reason: 'no time' };
  if (raw.content !== undefined && raw.content !== null && typeof raw.content !== 'string')
    return { ok: false, reason: 'content is not text' };
  const r = new Repairs();
  return r.done(
    withoutUndefined({
      ...raw,
      id: raw.id,
      conversationId: raw.conversationId,
      role: raw.role as StoredMessage['role'],
      content: r.field(raw.content, isString, ''),
      createdAt: raw.createdAt,
      // An answer of unknown state is shown as cut short, the one claim that cannot mislead.
      status: r.field(raw.status, (v): v is MessageStatus => STATUSES.includes(v as MessageStatus), 'incomplete'),
      seq: r.field(raw.seq, isTime, 0),
      model: r.optional(raw.model, readModelRef),
      error: r.optional(raw.error, readChatError),
      usage: r.optional(raw.usage, readUsage),
      context: r.list(raw.context, readContextBlock),
      steps: r.list(raw.steps, readToolStep),
      images: r.list(raw.images, readImageRef),
    }),
  );
}

/** The pref that keeps the panel's notice up until the user dismisses it. */
export const REPAIR_NOTICE = 'storageRepairNotice' satisfies keyof Prefs;
