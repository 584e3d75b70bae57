import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generationImages, generations } from "@/db/schema";
import { readAvailableCredits } from "@/db/queries/credits";
import { parseEnv } from "@/lib/env";
import { createGeneration } from "@/lib/generation/create-generation";
import { createStorage } from "@/lib/storage/create-storage";
import type { ObjectStorage } from "@/lib/storage/types";
import { startFakeImageService, type FakeImageService } from "@/tests/fakes/image-service-server";
import { generationRow, ledgerOf, testPhoto, userWithCredits, waitFor, waitForFinished } from "@/tests/helpers/generation";
import {
  adminUrl,
  createProcessDatabase,
  holderOf,
  spawnWorkerProcess,
  type ProcessDatabase,
  type WorkerProcess,
} from "./support/worker-processes";

/**
 * The real worker entry (`scripts/worker.ts`) as two separate processes on one PostgreSQL
 * database: the queue must hand each job to exactly one of them, survive one of them being
 * killed mid-job, and fail a job past its time limit with one refund.
 */

describe.skipIf(!adminUrl)("two worker processes on PostgreSQL", () => {
  let db: ProcessDatabase;
  let storage: ObjectStorage;
  let service: FakeImageService;
  let workers: WorkerProcess[] = [];
  let photo: Buffer;

  beforeAll(async () => {
    db = await createProcessDatabase();
    service = await startFakeImageService();
    photo = await testPhoto(48, 64);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "multi-worker-"));
    const env = {
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      MIGRATE_ON_START: "false",
      IMAGE_ENGINE: "preview",
      // Body Shaper goes to the fake service so a job can be held mid-flight.
      IMAGE_ENGINE_BODY_SHAPER: "webhook",
      WEBHOOK_URL_BODY_SHAPER: `${service.origin}/send-body-shaper-webhook`,
      WEBHOOK_ALLOW_PRIVATE_URLS: "true",
      WORKER_CONCURRENCY: "2",
      WORKER_POLL_INTERVAL_MS: "50",
      WORKER_LEASE_MS: "1500",
      WORKER_MAX_ATTEMPTS: "3",
    };
    storage = createStorage(parseEnv(env));
    workers = await Promise.all([spawnWorkerProcess(env), spawnWorkerProcess(env)]);
  }, 60_000);

  afterAll(async () => {
    for (const worker of workers) worker.child.kill("SIGKILL");
    await service?.close();
    await db?.drop();
  });

  it("runs 100 queued jobs, each exactly once, shared between both workers", async () => {
    const userId = await userWithCredits(db.database.db, 200);
    const ids: string[] = [];
    for (let n = 0; n < 100; n += 1) {
      const input = { gender: n % 2 ? "male" : "female", style: "blonde" };
      ids.push((await createGeneration(db.database.db, { userId, tool: "hair_changer", input, originalImage: photo }, { storage })).id);
    }
    await waitFor(async () => {
      const [row] = await db.database.db
        .select({ done: sql<number>`count(*)::int` })
        .from(generations)
        .where(eq(generations.status, "complete"));
      return (row?.done ?? 0) === 100;
    }, 90_000, 100);

    const rows = await db.database.db.select().from(generations);
    expect(rows.every((row) => row.attempts === 1 && row.errorKey === null)).toBe(true);
    const images = await db.database.db.select({ generationId: generationImages.generationId }).from(generationImages);
    expect(images.map((image) => image.generationId).sort()).toEqual([...ids].sort());

    const settled = workers.map((worker) => worker.output.filter((line) => / complete$/.test(line)).map((line) => line.split(" ")[2]));
    expect(settled.flat().sort()).toEqual([...ids].sort());
    for (const jobs of settled) expect(jobs.length).toBeGreaterThan(0);
    expect(await readAvailableCredits(db.database.db, userId)).toBe(0);
  }, 120_000);

  it("fails a job past its time limit with one refund", async () => {
    const userId = await userWithCredits(db.database.db, 2);
    service.answer({ hang: true });
    const { id } = await createGeneration(
      db.database.db,
      { userId, tool: "body_shaper", input: { gender: "female", style: "yogaBody" }, originalImage: photo },
      { storage },
    );
    await waitFor(async () => (await generationRow(db.database.db, id)).status === "processing");
    await db.database.db.update(generations).set({ deadlineAt: sql`now() - interval '1 second'` }).where(eq(generations.id, id));
    expect(await waitForFinished(db.database.db, id)).toMatchObject({ status: "failed", errorKey: "generation.errors.timedOut" });
    expect((await ledgerOf(db.database.db, id)).map((entry) => entry.kind).sort()).toEqual(["refund", "spend"]);
    expect(await readAvailableCredits(db.database.db, userId)).toBe(2);
  }, 30_000);

  it("gives a job to the other worker when its worker is killed mid-job", async () => {
    const userId = await userWithCredits(db.database.db, 2);
    const result = await testPhoto(40, 40, "#aa3366");
    // The first call hangs (the worker is killed during it); the retry gets an image.
    service.answer({ hang: true }, { json: { success: true, results: { edited_image: `data:image/jpeg;base64,${result.toString("base64")}` } } });
    service.requests.length = 0;
    const { id } = await createGeneration(
      db.database.db,
      { userId, tool: "body_shaper", input: { gender: "male", style: "bulkedUp" }, originalImage: photo },
      { storage },
    );
    await waitFor(async () => service.requests.length > 0);
    const victim = holderOf(workers, (await generationRow(db.database.db, id)).lockedBy);
    expect(victim).toBeDefined();
    victim?.child.kill("SIGKILL");

    const row = await waitForFinished(db.database.db, id, 30_000);
    expect(row).toMatchObject({ status: "complete", attempts: 2 });
    expect(service.requests).toHaveLength(2);
    expect(await db.database.db.select().from(generationImages).where(eq(generationImages.generationId, id))).toHaveLength(1);
    expect((await ledgerOf(db.database.db, id)).map((entry) => entry.kind)).toEqual(["spend"]);
  }, 40_000);
});
