import { notifyChange, type StorageChange } from './change-feed';
import { getDb, type QuarantinedRecord } from './db';
import { checkProvider } from './provider-check';
import { checkConversation, checkMessage, isId, isRecord, REPAIR_NOTICE, type Checked } from './repair';

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

let thisWorkersCheck: Promise<RecordsCheck> | undefined;

/**
 * The check, once per worker lifetime: every panel asks for it when it opens, and it reads every record (with a
 * few huge answers stored, 170-195 ms of the worker's time, each open). Records the running code writes are
 * valid, and imports are checked as they are read, so damage comes from an earlier version (an update starts a
 * new worker) or from outside the extension, which every read repairs in memory meanwhile. A failed check runs
 * again at the next asking.
 */
export function checkStoredRecordsOnce(): Promise<RecordsCheck> {
  thisWorkersCheck ??= checkStoredRecords().catch((error: unknown) => {
    thisWorkersCheck = undefined;
    throw error;
  });
  return thisWorkersCheck;
}

function changesFor(damaged: { store: CheckedStore; key: IDBValidKey; raw: unknown }[]): StorageChange[] {
  return damaged.map(({ store, key, raw }) => {
    const id = String(key);
    if (store === 'providers') return { type: 'providers', id };
    if (store === 'conversations') return { type: 'conversation', id };
    const conversationId = isRecord(raw) && isId(raw.conversationId) ? raw.conversationId : '';
    return { type: 'message', id, conversationId };
  });
}
