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
