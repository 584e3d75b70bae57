import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalDiskStorage } from "@/lib/storage/local-disk-storage";
import { localFilesRoutePrefix, verifyLocalFileGrant } from "@/lib/storage/local-file-signature";
import { contentTypeForKey, createObjectKey, ownerPrefix } from "@/lib/storage/object-keys";
import { S3Storage } from "@/lib/storage/s3-storage";
import type { ListedObject, ObjectStorage } from "@/lib/storage/types";
import { startFakeS3, type FakeS3 } from "@/tests/fakes/s3-server";

/**
 * One contract, two backends: whatever the app does with storage must behave the same on local
 * disk and on S3 (here a real S3 protocol server on loopback).
 */
interface Backend {
  storage: ObjectStorage;
  /** Fetches a signed URL the way a browser would. */
  fetchSigned(url: string): Promise<{ status: number; body: string; disposition: string | null }>;
  /**
   * s3rver checks the expiry of presigned URLs but not their SigV4 signature (real S3 does, and
   * the signing is the AWS SDK's), so tampering can only be tested against our own signatures.
   */
  checksSignatures: boolean;
}

const secret = "contract-test-secret-0123456789abcdef";
const alice = "11111111-1111-4111-8111-111111111111";
const bob = "22222222-2222-4222-8222-222222222222";

async function collect(iterable: AsyncIterable<ListedObject>): Promise<ListedObject[]> {
  const items: ListedObject[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

function storageContract(name: string, setup: () => Promise<{ backend: Backend; teardown(): Promise<void> }>) {
  describe(`storage contract: ${name}`, () => {
    let backend: Backend;
    let teardown: () => Promise<void>;
    beforeAll(async () => {
      ({ backend, teardown } = await setup());
    });
    afterAll(async () => {
      await teardown();
    });

    it("puts and gets an object as a stream with its type and size", async () => {
      const key = createObjectKey(alice, "results", "png");
      await backend.storage.put(key, Buffer.from("png bytes"), { contentType: "image/png" });
      const object = await backend.storage.get(key);
      expect(object).not.toBeNull();
      expect(object?.contentType).toBe("image/png");
      expect(object?.size).toBe(9);
      expect(object && (await text(object.body))).toBe("png bytes");
    });

    it("answers null for a missing object", async () => {
      expect(await backend.storage.get(createObjectKey(alice, "results", "jpg"))).toBeNull();
    });

    it("deletes, and deleting again is not an error", async () => {
      const key = createObjectKey(alice, "originals", "jpg");
      await backend.storage.put(key, Buffer.from("x"), { contentType: "image/jpeg" });
      await backend.storage.delete(key);
      expect(await backend.storage.get(key)).toBeNull();
      await expect(backend.storage.delete(key)).resolves.toBeUndefined();
    });

    it("lists exactly one owner's objects by prefix", async () => {
      const aliceKeys = [createObjectKey(alice, "originals", "jpg"), createObjectKey(alice, "results", "png")];
      const bobKey = createObjectKey(bob, "results", "png");
      for (const key of [...aliceKeys, bobKey]) {
        await backend.storage.put(key, Buffer.from(key), { contentType: contentTypeForKey(key) });
      }
      const listed = await collect(backend.storage.list(ownerPrefix(alice)));
      const keys = listed.map((item) => item.key);
      expect(keys).toEqual(expect.arrayContaining(aliceKeys));
      expect(keys.every((key) => key.startsWith(ownerPrefix(alice)))).toBe(true);
      expect(keys).not.toContain(bobKey);
      const one = listed.find((item) => item.key === aliceKeys[0]);
      expect(one?.size).toBe(Buffer.byteLength(aliceKeys[0] ?? ""));
      expect(one && Date.now() - one.lastModified.getTime()).toBeLessThan(60_000);
      expect(await collect(backend.storage.list(ownerPrefix("nobody-here")))).toEqual([]);
    });

    it("lists every owner's objects for an empty prefix (the sweep of unreferenced files)", async () => {
      const keys = [createObjectKey(alice, "results", "png"), createObjectKey(bob, "originals", "jpg")];
      for (const key of keys) await backend.storage.put(key, Buffer.from(key), { contentType: contentTypeForKey(key) });
      const listed = (await collect(backend.storage.list(""))).map((item) => item.key);
      expect(listed).toEqual(expect.arrayContaining(keys));
    });

    it("refuses keys that could escape the owner's space", async () => {
      await expect(backend.storage.put("../x.jpg", Buffer.from("x"), { contentType: "image/jpeg" })).rejects.toThrow();
      await expect(backend.storage.get(`${alice}/../${bob}/results/x.png`)).rejects.toThrow();
      await expect(collect(backend.storage.list("../"))).rejects.toThrow();
    });

    it("signs URLs that serve the object, with a download name, until they expire", async () => {
      const key = createObjectKey(alice, "results", "png");
      await backend.storage.put(key, Buffer.from("signed content"), { contentType: "image/png" });
      // S3 signatures count from a whole second (X-Amz-Date), so a 1 s link may be over at once.
      const url = await backend.storage.signedUrl(key, { expiresInSeconds: 3, downloadFileName: "headshot_1.png" });
      const fresh = await backend.fetchSigned(url);
      expect(fresh.status).toBe(200);
      expect(fresh.body).toBe("signed content");
      expect(fresh.disposition).toContain('filename="headshot_1.png"');

      if (backend.checksSignatures) {
        // The same signature for another (existing) object of the same owner must not work.
        const otherKey = createObjectKey(alice, "results", "png");
        await backend.storage.put(otherKey, Buffer.from("other"), { contentType: "image/png" });
        expect((await backend.fetchSigned(url.replace(key, otherKey))).status).toBe(403);
      }

      await new Promise((resolve) => setTimeout(resolve, 4100));
      expect((await backend.fetchSigned(url)).status).toBe(403);
    });
  });
}

storageContract("local disk", async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "storage-contract-"));
  const storage = new LocalDiskStorage({ root, publicBaseUrl: "http://app.test", signingSecret: () => secret });
  // What /api/files does, without a server: verify the grant, then read the file.
  const fetchSigned = async (signedUrl: string) => {
    const url = new URL(signedUrl);
    const grant = {
      key: url.pathname.slice(localFilesRoutePrefix.length),
      expires: Number(url.searchParams.get("expires")),
      downloadFileName: url.searchParams.get("filename") ?? undefined,
    };
    if (!verifyLocalFileGrant(secret, grant, url.searchParams.get("signature") ?? "")) {
      return { status: 403, body: "", disposition: null };
    }
    const object = await storage.get(grant.key);
    if (!object) return { status: 404, body: "", disposition: null };
    return { status: 200, body: await text(object.body), disposition: `attachment; filename="${grant.downloadFileName}"` };
  };
  return { backend: { storage, fetchSigned, checksSignatures: true }, teardown: async () => {} };
});

let fakeS3: FakeS3 | undefined;
storageContract("S3 (s3rver on loopback)", async () => {
  fakeS3 = await startFakeS3();
  const storage = new S3Storage({
    bucket: fakeS3.bucket,
    region: "us-east-1",
    endpoint: fakeS3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: fakeS3.accessKeyId, secretAccessKey: fakeS3.secretAccessKey },
  });
  const fetchSigned = async (url: string) => {
    const response = await fetch(url);
    return { status: response.status, body: await response.text(), disposition: response.headers.get("content-disposition") };
  };
  return {
    backend: { storage, fetchSigned, checksSignatures: false },
    teardown: async () => {
      storage.close();
      await fakeS3?.stop();
    },
  };
});
