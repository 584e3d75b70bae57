import type { Page } from "@playwright/test";

/**
 * The drafts' photos as the app keeps them in the browser's IndexedDB (lib/flows/draft-photos.ts,
 * decision 22), read and written from the page the way the app does.
 */

const database = { name: "ai-image-studio", version: 1, store: "draft-photos" };

/** The tools (keys) that have a photo on disk now. */
export async function storedDraftPhotoKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ name, version, store }) =>
      new Promise<string[]>((resolve, reject) => {
        const request = indexedDB.open(name, version);
        request.onupgradeneeded = () => request.result.createObjectStore(store);
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const keys = request.result.transaction(store, "readonly").objectStore(store).getAllKeys();
          keys.onsuccess = () => {
            request.result.close();
            resolve(keys.result.map(String));
          };
          keys.onerror = () => reject(keys.error);
        };
      }),
    database,
  );
}

/** Puts a photo in a tool's draft, as an upload would have. */
export async function storeDraftPhoto(page: Page, key: string, dataUrl: string): Promise<void> {
  await page.evaluate(
    ({ name, version, store, key, dataUrl }) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open(name, version);
        request.onupgradeneeded = () => request.result.createObjectStore(store);
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const transaction = request.result.transaction(store, "readwrite");
          transaction.objectStore(store).put(dataUrl, key);
          transaction.oncomplete = () => {
            request.result.close();
            resolve();
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    { ...database, key, dataUrl },
  );
}
