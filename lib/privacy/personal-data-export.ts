import "server-only";
import { Readable } from "node:stream";
import type { DbOrTx } from "@/db/client";
import { readPersonalData } from "@/db/queries/privacy";
import { zipStoredImages, type ZipEntrySource } from "@/lib/downloads/zip-stored-images";
import type { ObjectStorage, StoredObject } from "@/lib/storage/types";

/**
 * "Download my data": one zip with data.json (account, profile, generations, images, credit
 * ledger, purchases) and every stored file of the user: uploaded originals still kept and all
 * results and edits. It reuses the streaming zip of the gallery download, so memory stays flat
 * however many images there are. Only the user's own rows are read, so only their keys go in.
 */
export const personalDataFileName = "data.json";
/** Never a valid storage key (it has no owner segment), so it cannot shadow a real file. */
const dataEntryKey = "personal-data.json";

function extensionOf(key: string): string {
  return key.slice(key.lastIndexOf(".") + 1);
}

export async function buildPersonalDataExport(db: DbOrTx, storage: ObjectStorage, userId: string): Promise<Readable> {
  const data = await readPersonalData(db, userId);
  const json = Buffer.from(JSON.stringify({ exportedAt: new Date().toISOString(), ...data }, null, 2), "utf8");

  const entries: ZipEntrySource[] = [{ key: dataEntryKey, fileName: personalDataFileName }];
  for (const generation of data.generations) {
    const folder = `images/${generation.id}`;
    if (generation.originalImageKey) {
      entries.push({ key: generation.originalImageKey, fileName: `${folder}/original.${extensionOf(generation.originalImageKey)}` });
    }
    for (const image of data.images) {
      // A soft-deleted image's file is already gone.
      if (image.generationId !== generation.id || image.deletedAt) continue;
      entries.push({ key: image.storageKey, fileName: `${folder}/result-${image.position + 1}.${extensionOf(image.storageKey)}` });
    }
  }

  // The JSON is served from memory through the same reader the images come from.
  const source: Pick<ObjectStorage, "get"> = {
    async get(key): Promise<StoredObject | null> {
      if (key === dataEntryKey) return { body: Readable.from([json]), contentType: "application/json", size: json.byteLength };
      return storage.get(key);
    },
  };
  return zipStoredImages(source, entries, {
    onMissing: (entry) => console.error(`Data export of ${userId}: no stored file for ${entry.fileName}`),
    onError: (error) => console.error(`Data export of ${userId} failed`, error),
  });
}
