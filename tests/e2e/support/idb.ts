import type { Page } from 'playwright-core';

/**
 * Writes one record straight into the extension's IndexedDB from an extension
 * page, bypassing Parley's own storage code, the way an older version or a bad
 * import would have left it. The page must be one that has already opened the
 * database (the side panel does at start), so no empty database is created.
 */
export async function putRawRecord(page: Page, store: string, value: unknown, key?: string): Promise<void> {
  await page.evaluate(
    ({ store, value, key }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('parley');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(store, 'readwrite');
          if (key === undefined) tx.objectStore(store).put(value);
          else tx.objectStore(store).put(value, key);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { store, value, key },
  );
}

/** Every record of a store, read straight from the extension's IndexedDB (the database must exist already). */
export async function readRecords<T = unknown>(page: Page, store: string): Promise<T[]> {
  return page.evaluate(
    (store) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('parley');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => {
            db.close();
            resolve(request.result as T[]);
          };
          request.onerror = () => reject(request.error);
        };
      }),
    store,
  );
}

export interface SeededConversation {
  id: string;
  /** How many messages, alternately the user's and the assistant's, each a second apart. */
  count: number;
  /** The last message's text. */
  last: string;
  model: { providerId: string; model: string };
}

/**
 * Writes a whole conversation straight into the extension's IndexedDB, its
 * messages stored as Parley stores them (with their insertion order, `seq`),
 * and makes it the one the panel opens. The page must have opened the
 * database already.
 */
export async function seedConversation(page: Page, seed: SeededConversation): Promise<void> {
  await page.evaluate(
    ({ id, count, last, model }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('parley');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['conversations', 'messages', 'prefs', 'meta'], 'readwrite');
          const start = Date.now() - count * 1000;
          tx.objectStore('conversations').put({
            id,
            title: 'A long conversation',
            createdAt: start,
            updatedAt: start + count * 1000,
            systemPrompt: '',
            params: {},
            model,
          });
          const paragraph = 'Some **markdown** with a [link](https://example.com) and `code`, long enough to wrap twice in the panel.';
          for (let i = 0; i < count; i++) {
            const user = i % 2 === 0;
            tx.objectStore('messages').put({
              id: `${id}-${i}`,
              conversationId: id,
              role: user ? 'user' : 'assistant',
              content: i === count - 1 ? last : user ? `Question ${i}?` : `Answer ${i}.\n\n${paragraph}\n\n- one\n- two`,
              createdAt: start + i * 1000,
              status: 'complete',
              seq: i + 1,
            });
          }
          tx.objectStore('meta').put(count, 'messageSeq');
          tx.objectStore('prefs').put(id, 'lastConversationId');
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    seed,
  );
}
