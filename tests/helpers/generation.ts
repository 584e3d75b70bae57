import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, like } from "drizzle-orm";
import sharp from "sharp";
import type { DbOrTx } from "@/db/client";
import { creditLedger, generations } from "@/db/schema";
import { ensureProfile } from "@/lib/credits/ledger";
import { LocalDiskStorage } from "@/lib/storage/local-disk-storage";
import type { ObjectStorage } from "@/lib/storage/types";
import { createUser, setCredits } from "./factories";

/** Helpers shared by the generation tests: photos, storage, users with credits, waiting. */

/** A small "portrait": a backdrop with a face-like oval, so crops and colour changes show. */
export function testPhoto(width = 120, height = 160, backdrop = "#6b8cae"): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="${backdrop}"/>` +
    `<ellipse cx="${width / 2}" cy="${height * 0.4}" rx="${width * 0.22}" ry="${height * 0.2}" fill="#e0b090"/>` +
    `<rect x="${width * 0.25}" y="${height * 0.62}" width="${width * 0.5}" height="${height * 0.38}" fill="#304060"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

export function tempStorage(): LocalDiskStorage {
  return new LocalDiskStorage({
    root: mkdtempSync(path.join(os.tmpdir(), "generation-files-")),
    publicBaseUrl: "http://app.test",
    signingSecret: () => "generation-test-secret-0123456789abcdef",
  });
}

/** The keys stored under `prefix`, sorted. */
export async function storedKeys(storage: ObjectStorage, prefix = ""): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list(prefix)) keys.push(object.key);
  return keys.sort();
}

export async function userWithCredits(db: DbOrTx, bonusCredits: number): Promise<string> {
  const { id } = await createUser(db);
  await ensureProfile(db, id);
  await setCredits(db, id, { bonusCredits });
  return id;
}

/** The ledger rows of one generation: its spend and (at most one) refund. */
export async function ledgerOf(db: DbOrTx, generationId: string) {
  return db
    .select({ kind: creditLedger.kind, delta: creditLedger.delta, causeKey: creditLedger.causeKey })
    .from(creditLedger)
    .where(and(eq(creditLedger.generationId, generationId), like(creditLedger.causeKey, "generation:%")));
}

export async function generationRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(generations).where(eq(generations.id, id));
  if (!row) throw new Error(`no generation ${id}`);
  return row;
}

/**
 * Up to a minute by default: a job of Headshot Pro, Hair Changer or Body Shaper passes the
 * likeness guard, whose first check in a test file starts the local engine's process and loads
 * the vision models (a few seconds on an idle machine, much longer on a busy one).
 */
export async function waitFor<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 60_000, everyMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Waits until the generation has finished (complete or failed) and returns its row. */
export function waitForFinished(db: DbOrTx, id: string, timeoutMs?: number) {
  return waitFor(async () => {
    const row = await generationRow(db, id);
    return row.status === "complete" || row.status === "failed" ? row : undefined;
  }, timeoutMs);
}
