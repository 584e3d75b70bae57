import type { Readable } from "node:stream";
import { ZipArchive } from "archiver";
import type { ObjectStorage } from "@/lib/storage/types";

/**
 * A zip of stored images as a stream, built while it is sent: one image is read from storage at
 * a time and piped through the archive into the response, so memory stays flat however many
 * images there are, and the first bytes leave before the last image is read. Images are
 * already compressed, so entries are stored rather than deflated (less CPU, same size).
 * No "server-only" guard: the benchmark imports it.
 */
export interface ZipEntrySource {
  key: string;
  fileName: string;
}

export interface ZipStoredImagesOptions {
  /** Called for an entry whose object is gone (deleted meanwhile); the zip goes on without it. */
  onMissing?: (entry: ZipEntrySource) => void;
  /** Called once if building the zip fails; the stream is destroyed with that error. */
  onError?: (error: unknown) => void;
}

/** Resolves when the archive has consumed the entry just appended; rejects if it fails or closes first. */
function entryProcessed(archive: ZipArchive): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      archive.off("entry", onEntry);
      archive.off("error", onError);
      archive.off("close", onClose);
    };
    const onEntry = () => {
      cleanup();
      resolve();
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onClose = () => {
      cleanup();
      reject(new Error("The zip stream was closed before it was complete"));
    };
    archive.on("entry", onEntry);
    archive.on("error", onError);
    archive.on("close", onClose);
  });
}

export function zipStoredImages(
  storage: Pick<ObjectStorage, "get">,
  entries: readonly ZipEntrySource[],
  options: ZipStoredImagesOptions = {},
): Readable {
  const archive = new ZipArchive({ store: true });
  // One fixed date: the zip of the same images is byte-for-byte the same on every download.
  const date = new Date("2024-01-01T00:00:00Z");

  async function fill() {
    for (const entry of entries) {
      if (archive.destroyed) return;
      const object = await storage.get(entry.key);
      if (!object) {
        options.onMissing?.(entry);
        continue;
      }
      const processed = entryProcessed(archive);
      archive.append(object.body, { name: entry.fileName, date });
      try {
        await processed;
      } finally {
        // When the client went away mid-entry, the storage stream must not stay open.
        if (!object.body.destroyed && archive.destroyed) object.body.destroy();
      }
    }
    await archive.finalize();
  }

  fill().catch((error: unknown) => {
    if (archive.destroyed) return; // the reader cancelled; nothing to report
    options.onError?.(error);
    archive.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return archive;
}
