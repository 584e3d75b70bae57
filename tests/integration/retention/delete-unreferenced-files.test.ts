import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { generationImages, generations } from "@/db/schema";
import { createGeneration } from "@/lib/generation/create-generation";
import { recoverAbandonedJobs } from "@/lib/generation/worker/job-outcomes";
import { deleteUnreferencedFiles, UNREFERENCED_FILE_GRACE_MS } from "@/lib/retention/delete-unreferenced-files";
import { S3Storage } from "@/lib/storage/s3-storage";
import type { ObjectStorage } from "@/lib/storage/types";
import { startFakeS3, type FakeS3 } from "@/tests/fakes/s3-server";
import { generationRow, storedKeys, tempStorage, testPhoto, userWithCredits, waitFor, waitForFinished } from "@/tests/helpers/generation";
import { cuttableDatabase, startTestWorker, type TestWorker } from "@/tests/helpers/generation-worker";
import { createImage } from "@/tests/helpers/image-records";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";

/**
 * Issue 17 item 8: a crash between storing a file and committing the row that names it leaves a
 * file nobody deletes. The sweep removes such files once they are past the grace period, on
 * local disk and on S3, and never a file a row still points to or an object that is not ours.
 */

let fakeS3: FakeS3;
let s3: S3Storage;

beforeAll(async () => {
  fakeS3 = await startFakeS3();
  s3 = new S3Storage({
    bucket: fakeS3.bucket,
    region: "us-east-1",
    endpoint: fakeS3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: fakeS3.accessKeyId, secretAccessKey: fakeS3.secretAccessKey },
  });
});
afterAll(async () => {
  s3.close();
  await fakeS3.stop();
});

const neverAnswered = () => new Promise<never>(() => {});

/** A query builder, and each one it leads to, whose statement is never answered. */
function unanswered<T extends object>(builder: T): T {
  return new Proxy(builder, {
    get(target, property, receiver) {
      if (property === "prepare") return () => ({ execute: neverAnswered });
      if (property === "execute" || property === "then") return neverAnswered;
      const member: unknown = Reflect.get(target, property, receiver);
      if (typeof member !== "function") return member;
      return (...args: unknown[]) => {
        const result: unknown = member.apply(target, args);
        return typeof result === "object" && result !== null ? unanswered(result) : result;
      };
    },
  });
}

/**
 * A database whose write of the job never comes back: the process died before it committed. A
 * paid job is written by one statement with its spend (the only one starting with a WITH clause
 * here), a free trial's in a transaction.
 */
function crashingBeforeCommit(db: Database): Database {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === "transaction") return neverAnswered;
      if (property === "with") return (...queries: Parameters<Database["with"]>) => unanswered(target.with(...queries));
      return Reflect.get(target, property, receiver);
    },
  });
}

const afterGrace = () => new Date(Date.now() + UNREFERENCED_FILE_GRACE_MS + 60_000);

for (const backend of ["local disk", "S3"] as const) {
  describe(`sweep of unreferenced files on ${backend}`, () => {
    describeEachDatabase("files", (ctx) => {
      let storage: ObjectStorage;
      let photo: Buffer;
      let worker: TestWorker | undefined;

      beforeEach(async () => {
        await truncateAllTables(ctx.db);
        storage = backend === "S3" ? s3 : tempStorage();
        for (const key of await storedKeys(storage)) await storage.delete(key);
        photo ??= await testPhoto();
      });
      afterEach(async () => {
        await worker?.stop();
        worker = undefined;
      });

      const product = { prompt: "on a rock", dimension: "square" };

      it("deletes an original stored just before a crash, after the grace period only, and nothing a row names", async () => {
        const userId = await userWithCredits(ctx.db, 4);
        const kept = await createGeneration(ctx.db, { userId, tool: "ai_product", input: product, originalImage: photo }, { storage });
        const keptRow = await generationRow(ctx.db, kept.id);
        const result = await createImage(ctx.db, keptRow, { position: 0, storage });
        const deletedImage = await createImage(ctx.db, keptRow, { position: 1, storage, deletedAt: new Date() });
        const foreign = "backups/2025/database.dump";
        await storage.put(foreign, Buffer.from("not ours"), { contentType: "application/octet-stream" });

        // The upload is stored, then the server dies before the row commits.
        void createGeneration(crashingBeforeCommit(ctx.db), { userId, tool: "ai_product", input: product, originalImage: photo }, { storage });
        await waitFor(async () => (await storedKeys(storage)).filter((key) => key.includes("/originals/")).length === 2);
        const orphan = (await storedKeys(storage)).find((key) => key.includes("/originals/") && key !== keptRow.originalImageKey);
        expect(orphan).toBeDefined();
        expect(await ctx.db.select().from(generations)).toHaveLength(1);

        // Within the grace period a write may still be on its way: nothing goes.
        expect(await deleteUnreferencedFiles({ db: ctx.db, storage })).toEqual({ checked: 0, deleted: 0, failed: 0 });
        expect(await storedKeys(storage)).toHaveLength(5);

        expect(await deleteUnreferencedFiles({ db: ctx.db, storage, now: afterGrace() })).toEqual({ checked: 4, deleted: 2, failed: 0 });
        expect(await storedKeys(storage)).toEqual([keptRow.originalImageKey, result.storageKey, foreign].sort());
        expect(await storedKeys(storage)).not.toContain(deletedImage.storageKey);
      });

      it("deletes results stored just before a crash, and keeps those of the run that recorded them", async () => {
        const userId = await userWithCredits(ctx.db, 2);
        const connection = cuttableDatabase(ctx.db);
        // The server loses its database right after storing the results, before recording them.
        const dying: ObjectStorage = {
          kind: storage.kind,
          get: (key) => storage.get(key),
          put: async (key, data, options) => {
            await storage.put(key, data, options);
            if (key.includes("/results/")) connection.cut();
          },
          delete: (key) => storage.delete(key),
          list: (prefix) => storage.list(prefix),
          signedUrl: (key, options) => storage.signedUrl(key, options),
        };
        worker = startTestWorker(connection.db, dying, undefined, { leaseMs: 400 });
        const { id } = await createGeneration(ctx.db, { userId, tool: "ai_product", input: product, originalImage: photo }, { storage });
        await waitFor(async () => (await storedKeys(storage)).some((key) => key.includes("/results/")));
        await worker.stop();
        worker = undefined;
        const crashResults = (await storedKeys(storage)).filter((key) => key.includes("/results/"));
        expect(crashResults).toHaveLength(1);
        expect(await ctx.db.select().from(generationImages)).toEqual([]);

        // Another server takes the job over once the lease has run out and finishes it.
        await ctx.db.update(generations).set({ leaseExpiresAt: sql`now() - interval '1 second'` }).where(eq(generations.id, id));
        expect((await recoverAbandonedJobs(ctx.db, { maxAttempts: 3 })).requeued).toBe(1);
        worker = startTestWorker(ctx.db, storage);
        expect(await waitForFinished(ctx.db, id)).toMatchObject({ status: "complete", attempts: 2 });
        const [recorded] = await ctx.db.select().from(generationImages).where(eq(generationImages.generationId, id));

        expect(await deleteUnreferencedFiles({ db: ctx.db, storage, now: afterGrace() })).toMatchObject({ deleted: 1, failed: 0 });
        const left = await storedKeys(storage);
        expect(left).not.toContain(crashResults[0]);
        expect(left).toEqual([(await generationRow(ctx.db, id)).originalImageKey, recorded?.storageKey].sort());
      });
    });
  });
}
