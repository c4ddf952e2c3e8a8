/**
 * Photos of queued SOS requests, by Idempotency-Key, in IndexedDB: a 10 MB image does not fit in
 * localStorage, and the photo must survive the page being closed until there is signal again.
 * Where IndexedDB is unavailable (some private modes) the photo lives only as long as the page.
 */
const DATABASE = 'sos-photos';
const STORE = 'photos';

function openDatabase(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | null> {
  const database = await openDatabase();
  if (!database) return null;
  try {
    return await new Promise<T | null>((resolve) => {
      // Resolve on commit, not on the request: a write is only safe once the transaction is durable.
      const transaction = database.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => resolve(null);
      transaction.onabort = () => resolve(null);
    });
  } finally {
    database.close();
  }
}

export async function keepPhoto(idempotencyKey: string, photo: File): Promise<void> {
  await run('readwrite', (store) => store.put(photo, idempotencyKey));
}

export async function dropPhoto(idempotencyKey: string): Promise<void> {
  await run('readwrite', (store) => store.delete(idempotencyKey));
}

/** The photo kept for this request, removed from storage as it is handed over. */
export async function takePhoto(idempotencyKey: string): Promise<File | null> {
  const photo = await run<File | undefined>('readonly', (store) => store.get(idempotencyKey) as IDBRequest<File | undefined>);
  if (photo) await dropPhoto(idempotencyKey);
  return photo ?? null;
}
