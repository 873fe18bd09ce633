import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Conversation, StoredMessage } from '../core/conversation';
import type { ProviderConfig } from '../core/providers';
import type { InstalledPlugin } from '../core/plugins';
import type { ImageRef } from '../core/images';

export const DB_NAME = 'parley';

/**
 * A message as stored: `seq` is a database-wide insertion counter that keeps
 * messages created in the same millisecond (a question and its answer
 * placeholder) in the order they were written. It never leaves this module
 * family.
 */
export interface MessageRecord extends StoredMessage {
  seq: number;
}

/** One AES-GCM ciphertext; `iv` is fresh for every encryption. */
export interface SealedValue {
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

/** A stored record that could not be read, moved aside (never deleted) by lib/storage/repair. */
export interface QuarantinedRecord {
  store: 'conversations' | 'messages' | 'providers';
  key: string;
  record: unknown;
  reason: string;
  at: number;
}

/** An attached image's bytes, kept apart from the message that names it and removed with its conversation. */
export interface ImageRecord extends ImageRef {
  conversationId: string;
  blob: Blob;
}

interface VaultRecord {
  ownerId: string;
  fields: Record<string, SealedValue>;
}

interface ParleySchema extends DBSchema {
  conversations: { key: string; value: Conversation; indexes: { updatedAt: number } };
  messages: {
    key: string;
    value: MessageRecord;
    indexes: { conversationId: string; conversationCreatedAt: [string, number]; status: string };
  };
  providers: { key: string; value: ProviderConfig; indexes: { createdAt: number } };
  prefs: { key: string; value: unknown };
  vault: { key: string; value: VaultRecord };
  /** Holds the vault's non-extractable CryptoKey; structured clone keeps it unexportable. */
  vaultKeys: { key: string; value: CryptoKey };
  /** Small counters, such as the next message `seq`. */
  meta: { key: string; value: number };
  /** Installed plugins by identifier; their settings live in the vault. */
  plugins: { key: string; value: InstalledPlugin };
  /** Damaged records set aside, oldest first. */
  quarantine: { key: number; value: QuarantinedRecord };
  images: { key: string; value: ImageRecord; indexes: { conversationId: string } };
}

export type ParleyDb = IDBPDatabase<ParleySchema>;

/**
 * One entry per schema version, applied in order on upgrade. Append a new
 * function to change the schema; never edit a shipped one.
 */
const MIGRATIONS: ((db: ParleyDb) => void)[] = [
  (db) => {
    const conversations = db.createObjectStore('conversations', { keyPath: 'id' });
    conversations.createIndex('updatedAt', 'updatedAt');
    const messages = db.createObjectStore('messages', { keyPath: 'id' });
    messages.createIndex('conversationId', 'conversationId');
    messages.createIndex('conversationCreatedAt', ['conversationId', 'createdAt']);
    messages.createIndex('status', 'status');
    const providers = db.createObjectStore('providers', { keyPath: 'id' });
    providers.createIndex('createdAt', 'createdAt');
    db.createObjectStore('prefs');
    db.createObjectStore('vault', { keyPath: 'ownerId' });
    db.createObjectStore('vaultKeys');
    db.createObjectStore('meta');
  },
  (db) => {
    db.createObjectStore('plugins', { keyPath: 'identifier' });
  },
  (db) => {
    db.createObjectStore('quarantine', { autoIncrement: true });
  },
  (db) => {
    db.createObjectStore('images', { keyPath: 'id' }).createIndex('conversationId', 'conversationId');
  },
];

const MESSAGE_SEQ = 'messageSeq';

let opening: Promise<ParleyDb> | undefined;

export function getDb(): Promise<ParleyDb> {
  opening ??= openDB<ParleySchema>(DB_NAME, MIGRATIONS.length, {
    upgrade(db, oldVersion) {
      for (const migrate of MIGRATIONS.slice(oldVersion)) migrate(db);
    },
    // Another context (a freshly updated extension page) needs a newer schema:
    // step aside so its upgrade is not blocked; the next call reopens.
    blocking() {
      void closeDb();
    },
    terminated() {
      opening = undefined;
    },
  }).catch((e: unknown) => {
    // A failed open must not stick: the next call tries again.
    opening = undefined;
    throw e;
  });
  return opening;
}

/** Closes the shared connection; the next `getDb()` opens a new one. */
export async function closeDb(): Promise<void> {
  const pending = opening;
  opening = undefined;
  (await pending?.catch(() => undefined))?.close();
}

/**
 * Reserves `count` consecutive message `seq` values inside the caller's
 * transaction (on its `meta` store) and resolves to the first of them.
 */
export async function reserveMessageSeq(
  meta: { get(key: string): Promise<number | undefined>; put(value: number, key: string): Promise<string> },
  count = 1,
): Promise<number> {
  const first = ((await meta.get(MESSAGE_SEQ)) ?? 0) + 1;
  await meta.put(first + count - 1, MESSAGE_SEQ);
  return first;
}
