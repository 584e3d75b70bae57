import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { accounts, authTokens, creditLedger, generationImages, generations, profiles, purchases, sessions, users } from "@/db/schema";
import { ensureProfile } from "@/lib/credits/ledger";
import { LocalDiskStorage } from "@/lib/storage/local-disk-storage";
import { createObjectKey, ownerPrefix } from "@/lib/storage/object-keys";
import { S3Storage } from "@/lib/storage/s3-storage";
import type { ObjectStorage } from "@/lib/storage/types";
import { startFakeS3 } from "@/tests/fakes/s3-server";
import { createUser } from "@/tests/helpers/factories";
import { createGeneration, createImage } from "@/tests/helpers/image-records";

/** A user with everything the privacy page deals with: photos, edits, credits, a purchase, a session. */
export async function createUserWithData(db: Database, storage: ObjectStorage) {
  const user = await createUser(db);
  await ensureProfile(db, user.id);
  const originalKey = createObjectKey(user.id, "originals", "jpg");
  await storage.put(originalKey, Buffer.from("original photo"), { contentType: "image/jpeg" });
  const generation = await createGeneration(db, user.id, { originalImageKey: originalKey });
  const result = await createImage(db, generation, { position: 0, storage });
  const edit = await db
    .insert(generations)
    .values({ userId: user.id, tool: "edit", category: "Edit", status: "complete", parentImageId: result.id })
    .returning()
    .then((rows) => rows[0]!);
  const editImage = await createImage(db, edit, { position: 0, storage });
  // A file no row names (a job stored it after its row was gone): the prefix sweep must find it.
  const strayKey = createObjectKey(user.id, "results", "png");
  await storage.put(strayKey, Buffer.from("stray"), { contentType: "image/png" });
  await db.insert(purchases).values({ userId: user.id, kind: "top_up", itemId: "top_up_200", amountMinor: 1999, currency: "usd", credits: 200, provider: "test" });
  await db.insert(sessions).values({ sessionToken: `token-${user.id}`, userId: user.id, expires: new Date(Date.now() + 60_000) });
  await db.insert(accounts).values({ userId: user.id, type: "oidc", provider: "google", providerAccountId: `google-${user.id}` });
  return { ...user, keys: [originalKey, result.storageKey, editImage.storageKey, strayKey] };
}

export async function storedKeysOf(storage: ObjectStorage, userId: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list(ownerPrefix(userId))) keys.push(object.key);
  return keys.sort();
}

/** Rows of the user in every table that holds personal data. */
export async function rowCountsOf(db: Database, userId: string) {
  const count = async (rows: Promise<unknown[]>) => (await rows).length;
  return {
    users: await count(db.select().from(users).where(eq(users.id, userId))),
    profiles: await count(db.select().from(profiles).where(eq(profiles.userId, userId))),
    generations: await count(db.select().from(generations).where(eq(generations.userId, userId))),
    images: await count(db.select().from(generationImages).where(eq(generationImages.userId, userId))),
    ledger: await count(db.select().from(creditLedger).where(eq(creditLedger.userId, userId))),
    purchases: await count(db.select().from(purchases).where(eq(purchases.userId, userId))),
    sessions: await count(db.select().from(sessions).where(eq(sessions.userId, userId))),
    accounts: await count(db.select().from(accounts).where(eq(accounts.userId, userId))),
    authTokens: await count(db.select().from(authTokens).where(eq(authTokens.userId, userId))),
  };
}

export interface StorageBackend {
  name: string;
  start(): Promise<{ storage: ObjectStorage; stop(): Promise<void> }>;
}

export const storageBackends: StorageBackend[] = [
  {
    name: "local disk",
    async start() {
      const root = mkdtempSync(path.join(os.tmpdir(), "privacy-"));
      return {
        storage: new LocalDiskStorage({ root, publicBaseUrl: "http://app.test", signingSecret: () => "x".repeat(32) }),
        stop: async () => {},
      };
    },
  },
  {
    name: "S3 (s3rver)",
    async start() {
      const fake = await startFakeS3();
      const storage = new S3Storage({
        bucket: fake.bucket,
        region: "us-east-1",
        endpoint: fake.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: fake.accessKeyId, secretAccessKey: fake.secretAccessKey },
      });
      return {
        storage,
        stop: async () => {
          storage.close();
          await fake.stop();
        },
      };
    },
  },
];
