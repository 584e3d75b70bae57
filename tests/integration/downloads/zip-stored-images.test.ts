import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { describe, expect, it, vi } from "vitest";
import { zipStoredImages } from "@/lib/downloads/zip-stored-images";
import { LocalDiskStorage } from "@/lib/storage/local-disk-storage";
import { createObjectKey } from "@/lib/storage/object-keys";
import type { ObjectStorage, StoredObject } from "@/lib/storage/types";
import { readZip } from "@/tests/helpers/read-zip";

const owner = "44444444-4444-4444-8444-444444444444";

function freshStorage() {
  const root = mkdtempSync(path.join(os.tmpdir(), "zip-"));
  return new LocalDiskStorage({ root, publicBaseUrl: "http://app.test", signingSecret: () => "x".repeat(32) });
}

async function putImages(storage: ObjectStorage, count: number) {
  const entries = [];
  for (let index = 1; index <= count; index += 1) {
    const key = createObjectKey(owner, "results", "png");
    await storage.put(key, Buffer.from(`image number ${index}`), { contentType: "image/png" });
    entries.push({ key, fileName: `headshot_${index}.png` });
  }
  return entries;
}

describe("zipStoredImages", () => {
  it("streams every image into a zip under its download name, stored uncompressed", async () => {
    const storage = freshStorage();
    const entries = await putImages(storage, 3);
    const zip = readZip(await buffer(zipStoredImages(storage, entries)));
    expect(zip.map((entry) => entry.name)).toEqual(["headshot_1.png", "headshot_2.png", "headshot_3.png"]);
    expect(zip.map((entry) => entry.data.toString())).toEqual(["image number 1", "image number 2", "image number 3"]);
    expect(zip.every((entry) => entry.stored)).toBe(true);
  });

  it("skips an image whose file is gone and says so", async () => {
    const storage = freshStorage();
    const entries = await putImages(storage, 2);
    await storage.delete(entries[0]?.key ?? "");
    const onMissing = vi.fn();
    const zip = readZip(await buffer(zipStoredImages(storage, entries, { onMissing })));
    expect(zip.map((entry) => entry.name)).toEqual(["headshot_2.png"]);
    expect(onMissing).toHaveBeenCalledWith(entries[0]);
  });

  it("produces a valid empty zip for no images", async () => {
    expect(readZip(await buffer(zipStoredImages(freshStorage(), [])))).toEqual([]);
  });

  it("opens one storage stream at a time", async () => {
    const storage = freshStorage();
    const entries = await putImages(storage, 5);
    let open = 0;
    let maxOpen = 0;
    const counting: ObjectStorage = Object.assign(Object.create(storage), {
      async get(key: string): Promise<StoredObject | null> {
        const object = await storage.get(key);
        if (!object) return null;
        open += 1;
        maxOpen = Math.max(maxOpen, open);
        // Done with once read to its end (or destroyed): 'close' itself may come a tick after
        // the archive has taken the entry and asked for the next one.
        let done = false;
        const release = () => {
          if (!done) open -= 1;
          done = true;
        };
        object.body.once("end", release);
        object.body.once("close", release);
        return object;
      },
    });
    await buffer(zipStoredImages(counting, entries));
    expect(maxOpen).toBe(1);
  });

  it("fails the stream and reports when storage breaks midway", async () => {
    const storage = freshStorage();
    const entries = await putImages(storage, 2);
    const broken: ObjectStorage = Object.assign(Object.create(storage), {
      async get(): Promise<StoredObject | null> {
        throw new Error("storage unavailable");
      },
    });
    const onError = vi.fn();
    await expect(buffer(zipStoredImages(broken, entries, { onError }))).rejects.toThrow("storage unavailable");
    expect(onError).toHaveBeenCalledOnce();
  });

  it("closes the open storage stream when the reader goes away", async () => {
    const storage = freshStorage();
    const key = createObjectKey(owner, "results", "png");
    await storage.put(key, Buffer.alloc(8 * 1024 * 1024, 1), { contentType: "image/png" });
    let body: StoredObject["body"] | undefined;
    const tracking: ObjectStorage = Object.assign(Object.create(storage), {
      async get(requested: string): Promise<StoredObject | null> {
        const object = await storage.get(requested);
        body = object?.body;
        return object;
      },
    });
    const zip = zipStoredImages(tracking, [{ key, fileName: "big.png" }]);
    await new Promise<void>((resolve) => zip.once("data", () => resolve()));
    zip.destroy();
    await vi.waitFor(() => expect(body?.destroyed).toBe(true));
  });
});
