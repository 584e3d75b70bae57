import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
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
 * Graceful restart on PostgreSQL: a worker process that gets SIGTERM, whether `npm run worker`
 * or a Next.js server with its worker inside, hands its running job back at once, so another
 * worker finishes it long before the job's 30-second lease would have run out, and the
 * interrupted run does not count as an attempt.
 */

const leaseMs = 30_000;

describe.skipIf(!adminUrl)("graceful restart on PostgreSQL", () => {
  let db: ProcessDatabase;
  let storage: ObjectStorage;
  let service: FakeImageService;
  let photo: Buffer;
  let env: Record<string, string>;
  let processes: WorkerProcess[] = [];

  beforeAll(async () => {
    db = await createProcessDatabase();
    service = await startFakeImageService();
    photo = await testPhoto(48, 64);
    env = {
      DATABASE_URL: db.url,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "graceful-restart-")),
      MIGRATE_ON_START: "false",
      SEED_ON_START: "false",
      BILLING_REFRESH_INTERVAL_MINUTES: "0",
      RETENTION_INTERVAL_MINUTES: "0",
      IMAGE_ENGINE: "webhook",
      WEBHOOK_URL_BODY_SHAPER: `${service.origin}/send-body-shaper-webhook`,
      WEBHOOK_ALLOW_PRIVATE_URLS: "true",
      WORKER_CONCURRENCY: "1",
      WORKER_POLL_INTERVAL_MS: "50",
      WORKER_LEASE_MS: String(leaseMs),
      WORKER_MAX_ATTEMPTS: "3",
    };
    storage = createStorage(parseEnv(env));
  }, 60_000);

  afterEach(() => {
    for (const worker of processes) worker.child.kill("SIGKILL");
    processes = [];
  });

  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  /**
   * Queues a Body Shaper job whose first webhook call hangs, waits until `first` holds it, then
   * sends SIGTERM there; the retry, on whichever worker takes it, gets an image.
   */
  async function signalWhileRunning(first: WorkerProcess) {
    const result = await testPhoto(40, 40, "#aa3366");
    service.answer({ hang: true }, { json: { success: true, results: { edited_image: `data:image/jpeg;base64,${result.toString("base64")}` } } });
    service.requests.length = 0;
    const userId = await userWithCredits(db.database.db, 2);
    const { id } = await createGeneration(
      db.database.db,
      { userId, tool: "body_shaper", input: { gender: "female", style: "yogaBody" }, originalImage: photo },
      { storage },
    );
    await waitFor(async () => service.requests.length > 0);
    expect(holderOf(processes, (await generationRow(db.database.db, id)).lockedBy)).toBe(first);

    const second = await spawnWorkerProcess(env);
    processes.push(second);
    const signalledAt = Date.now();
    first.child.kill("SIGTERM");
    const row = await waitForFinished(db.database.db, id, leaseMs / 2);
    const resumedWithinMs = Date.now() - signalledAt;

    expect(row).toMatchObject({ status: "complete", attempts: 1, lockedBy: null });
    expect(resumedWithinMs).toBeLessThan(leaseMs / 3);
    expect(service.requests).toHaveLength(2);
    expect(await first.exited).not.toBeNull();
    expect((await ledgerOf(db.database.db, id)).map((entry) => entry.kind)).toEqual(["spend"]);
    expect(await readAvailableCredits(db.database.db, userId)).toBe(0);
    return first.output;
  }

  it("npm run worker hands its running job back at once on SIGTERM", async () => {
    const worker = await spawnWorkerProcess(env);
    processes.push(worker);
    const output = await signalWhileRunning(worker);
    expect(output.some((line) => line.includes("SIGTERM: handing running jobs back"))).toBe(true);
  }, 60_000);

  it("a Next.js server hands its worker's running job back before it exits", async () => {
    const server = await spawnWorkerProcess(env, {
      entry: "tests/integration/generation/support/next-server-worker.ts",
      readyText: "[startup] generation worker",
      reactServer: true,
    });
    processes.push(server);
    const output = await signalWhileRunning(server);
    const handBack = output.findIndex((line) => line.includes("SIGTERM: handing running jobs back"));
    const nextExit = output.findIndex((line) => line.includes("[next] SIGTERM"));
    expect(handBack).toBeGreaterThanOrEqual(0);
    expect(nextExit).toBeGreaterThan(handBack);
    expect(await server.exited).toBe(143);
  }, 60_000);
});
