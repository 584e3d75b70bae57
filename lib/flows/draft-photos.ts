/**
 * The photos of the tools' drafts, kept in the browser's IndexedDB (decision 22): a compressed
 * photo is too large for local storage, and losing it on a reload or a detour to buy credits
 * made users start over. One record per tool, holding the photo's data URL. IndexedDB can be
 * missing or refuse (private modes, storage pressure): every call then degrades to "nothing
 * stored" and the photo lives in memory only, as it did before.
 */

const databaseName = "ai-image-studio";
const databaseVersion = 1;
const storeName = "draft-photos";

/** Keys of the records: the tools' ids ("headshot_pro", "hair_changer", ...). */
export type DraftPhotoKey = string;

let opening: Promise<IDBDatabase | null> | null = null;

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function openDatabase(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === "undefined") return Promise.resolve(null);
  opening ??= new Promise<IDBDatabase | null>((resolve) => {
    try {
      const request = indexedDB.open(databaseName, databaseVersion);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(storeName)) request.result.createObjectStore(storeName);
      };
      request.onsuccess = () => {
        const database = request.result;
        // Another tab upgrading the schema asks this one to let go.
        database.onversionchange = () => {
          database.close();
          opening = null;
        };
        resolve(database);
      };
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  }).then((database) => {
    // A failed open is tried again next time rather than remembered.
    if (!database) opening = null;
    return database;
  });
  return opening;
}

function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

/** Runs one request; a write resolves once it is committed. Null when IndexedDB failed. */
async function inStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<{ value: T } | null> {
  try {
    const database = await openDatabase();
    if (!database) return null;
    const transaction = database.transaction(storeName, mode);
    const done = transactionDone(transaction);
    const value = await requestResult(work(transaction.objectStore(storeName)));
    await done;
    return { value };
  } catch (error) {
    console.warn("The draft photo store is not available", error);
    return null;
  }
}

/** The stored photo of a tool's draft, or null (none, unreadable, or IndexedDB unavailable). */
export async function readDraftPhoto(key: DraftPhotoKey): Promise<string | null> {
  const stored = (await inStore("readonly", (store) => store.get(key)))?.value;
  return typeof stored === "string" && stored.startsWith("data:image/") ? stored : null;
}

/** Keeps the photo; true once it is on disk. */
export async function writeDraftPhoto(key: DraftPhotoKey, dataUrl: string): Promise<boolean> {
  return (await inStore("readwrite", (store) => store.put(dataUrl, key))) !== null;
}

export async function deleteDraftPhoto(key: DraftPhotoKey): Promise<void> {
  await inStore("readwrite", (store) => store.delete(key));
}

/** Every tool's photo (signing out, deleting the account). */
export async function clearDraftPhotos(): Promise<void> {
  await inStore("readwrite", (store) => store.clear());
}
