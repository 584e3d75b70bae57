import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "@/db/client";
import { enginePredictions, generationImages } from "@/db/schema";
import { readAvailableCredits } from "@/db/queries/credits";
import { parseEnv } from "@/lib/env";
import { createGeneration } from "@/lib/generation/create-generation";
import { createEngineDirectory } from "@/lib/generation/engines/select-engine";
import type { ObjectStorage } from "@/lib/storage/types";
import { startCallbackReceiver, type CallbackReceiver } from "@/tests/helpers/callback-receiver";
import { ledgerOf, testPhoto, userWithCredits, waitForFinished } from "@/tests/helpers/generation";
import { startTestWorker, type TestWorker } from "@/tests/helpers/generation-worker";

/**
 * What the hosted-engine tests share: the app's callback route on loopback, a worker whose
 * engines come from an environment pointed at a stand-in, and the jobs and checks they repeat.
 */

export interface HostedHarness {
  receiver: CallbackReceiver;
  worker?: TestWorker;
  start(env: Record<string, string>, options?: { pollMs?: number }): TestWorker;
  stop(): Promise<void>;
}

export async function startHostedHarness(db: Database, storage: () => ObjectStorage): Promise<HostedHarness> {
  let directory = createEngineDirectory(parseEnv({}));
  const receiver = await startCallbackReceiver({ db, engineNamed: (name) => directory.named(name) });
  const harness: HostedHarness = {
    receiver,
    start(env, options = {}) {
      directory = createEngineDirectory(
        parseEnv({ ENGINE_CALLBACK_BASE_URL: receiver.origin, WEBHOOK_ALLOW_PRIVATE_URLS: "true", IMAGE_DOWNLOAD_TIMEOUT_MS: "5000", ...env }),
      );
      harness.worker = startTestWorker(db, storage(), directory.forTool, {
        engineNamed: directory.named,
        // A long interval unless a test wants polling: a job that finishes did so by callback.
        predictionPollIntervalMs: options.pollMs ?? 30_000,
        leaseMs: 1_000,
      });
      return harness.worker;
    },
    async stop() {
      await harness.worker?.stop();
      harness.worker = undefined;
    },
  };
  return harness;
}

let photo: Buffer | undefined;

export async function queueJob(
  db: Database,
  storage: ObjectStorage,
  userId: string,
  job: { tool: "headshot_pro" | "ai_product" | "hair_changer" | "body_shaper"; input: Record<string, unknown> },
) {
  photo ??= await testPhoto();
  return createGeneration(db, { userId, tool: job.tool, input: job.input, originalImage: photo }, { storage });
}

export const hairJob = { tool: "hair_changer", input: { gender: "female", style: "curlyBob" } } as const;
export const productJob = { tool: "ai_product", input: { prompt: "on a marble table", dimension: "landscape" } } as const;
/** 10 headshots in three styles: shares of 4, 3 and 3. */
export const headshotJob = {
  tool: "headshot_pro",
  input: { gender: "male", ageRange: "26_35", styleIds: [1, 2, 3], packageId: "basic" },
} as const;

export async function newUser(db: Database, credits = 100) {
  return userWithCredits(db, credits);
}

export async function imagesOf(db: Database, generationId: string) {
  return db.select().from(generationImages).where(eq(generationImages.generationId, generationId));
}

export async function predictionsOf(db: Database, generationId: string) {
  return db.select().from(enginePredictions).where(eq(enginePredictions.generationId, generationId));
}

/** Failed with `errorKey`, nothing stored, the credits back exactly once. */
export async function expectRefundedFailure(db: Database, id: string, userId: string, credits: number, errorKey: string) {
  const row = await waitForFinished(db, id, 40_000);
  expect(row).toMatchObject({ status: "failed", errorKey });
  expect(await imagesOf(db, id)).toEqual([]);
  expect((await ledgerOf(db, id)).map((entry) => entry.kind).sort()).toEqual(["refund", "spend"]);
  expect(await readAvailableCredits(db, userId)).toBe(credits);
  return row;
}
