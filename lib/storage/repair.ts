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
import { kindInfo, type ProviderConfig, type ProviderKind } from '../core/providers';
import { notifyChange, type StorageChange } from './change-feed';
import { getDb, type MessageRecord, type QuarantinedRecord } from './db';
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

const isRecord = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Tracks whether any field had to be changed while a record is checked. */
class Repairs {
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

const isString = (v: unknown): v is string => typeof v === 'string';
const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);

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

export function checkProvider(raw: unknown): Checked<ProviderConfig> {
  if (!isRecord(raw)) return { ok: false, reason: 'not an object' };
  if (!isId(raw.id)) return { ok: false, reason: 'no id' };
  const info = typeof raw.kind === 'string' ? kindInfo(raw.kind as ProviderKind) : undefined;
  if (!info) return { ok: false, reason: 'unknown provider kind' };
  const r = new Repairs();
  const isSettings = (v: unknown): v is Record<string, string> => isRecord(v) && Object.values(v).every(isString);
  return r.done({
    ...raw,
    id: raw.id,
    kind: info.kind,
    name: r.field(raw.name, isString, info.displayName),
    settings: r.field(raw.settings, isSettings, {}),
    manualModels: r.field(raw.manualModels, isStringList, []),
    createdAt: r.field(raw.createdAt, isTime, 0),
  });
}

type CheckedStore = QuarantinedRecord['store'];

const CHECKS: Record<CheckedStore, (raw: unknown) => Checked<unknown>> = {
  conversations: checkConversation,
  messages: checkMessage,
  providers: checkProvider,
};

export interface RecordsCheck {
  repaired: number;
  setAside: number;
}

/**
 * Checks every stored conversation, message and provider: repairs what can be
 * repaired in place and moves the rest to `quarantine`. Reading is one
 * read-only pass, so an intact database is never locked for writing.
 */
export async function checkStoredRecords(): Promise<RecordsCheck> {
  const db = await getDb();
  const stores = Object.keys(CHECKS) as CheckedStore[];
  const read = db.transaction(stores, 'readonly');
  const found = await Promise.all(
    stores.map(async (store) => {
      const [keys, values] = await Promise.all([read.objectStore(store).getAllKeys(), read.objectStore(store).getAll()]);
      return values.flatMap((raw: unknown, i) => {
        const checked = CHECKS[store](raw);
        return checked.ok && !checked.repaired ? [] : [{ store, key: keys[i]!, raw, checked }];
      });
    }),
  );
  const damaged = found.flat();
  if (!damaged.length) return { repaired: 0, setAside: 0 };

  const write = db.transaction([...stores, 'quarantine', 'prefs'], 'readwrite');
  const at = Date.now();
  for (const { store, key, raw, checked } of damaged) {
    const target = write.objectStore(store) as unknown as {
      put(value: unknown): Promise<unknown>;
      delete(key: IDBValidKey): Promise<void>;
    };
    if (checked.ok) await target.put(checked.value);
    else {
      await write.objectStore('quarantine').add({ store, key: String(key), record: raw, reason: checked.reason, at });
      await target.delete(key);
    }
  }
  await write.objectStore('prefs').put(true, REPAIR_NOTICE);
  await write.done;
  notifyChange({ type: 'prefs', id: REPAIR_NOTICE }, ...changesFor(damaged));
  const setAside = damaged.filter((d) => !d.checked.ok).length;
  return { repaired: damaged.length - setAside, setAside };
}

/** The pref that keeps the panel's notice up until the user dismisses it. */
export const REPAIR_NOTICE = 'storageRepairNotice' satisfies keyof Prefs;

function changesFor(damaged: { store: CheckedStore; key: IDBValidKey; raw: unknown }[]): StorageChange[] {
  return damaged.map(({ store, key, raw }) => {
    const id = String(key);
    if (store === 'providers') return { type: 'providers', id };
    if (store === 'conversations') return { type: 'conversation', id };
    const conversationId = isRecord(raw) && isId(raw.conversationId) ? raw.conversationId : '';
    return { type: 'message', id, conversationId };
  });
}
