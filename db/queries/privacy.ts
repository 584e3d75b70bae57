import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { creditLedger, generationImages, generations, profiles, purchases, users } from "@/db/schema";

/**
 * Everything the privacy page reads or removes for one person (decision 12). Every query is
 * scoped by that person's id; nothing here reads or touches another user's rows.
 */

/** Storage keys of every file the user's rows point at: originals and results, soft-deleted or not. */
export async function listOwnedStorageKeys(db: DbOrTx, userId: string): Promise<string[]> {
  const originals = await db
    .select({ key: generations.originalImageKey })
    .from(generations)
    .where(eq(generations.userId, userId));
  const results = await db
    .select({ key: generationImages.storageKey })
    .from(generationImages)
    .where(eq(generationImages.userId, userId));
  return [...originals, ...results].flatMap((row) => (row.key ? [row.key] : []));
}

/**
 * Removes every generation of the user (tools and edits); their images go with them (cascade).
 * Ledger rows and purchases keep their amounts and only lose the link (ON DELETE SET NULL), so
 * the balance is untouched.
 */
export async function deleteOwnedGenerations(db: DbOrTx, userId: string): Promise<number> {
  // Images of this user hanging off another user's generation cannot exist, but the images
  // are removed by owner as well so that nothing of theirs survives either way.
  await db.delete(generationImages).where(eq(generationImages.userId, userId));
  const deleted = await db.delete(generations).where(eq(generations.userId, userId)).returning({ id: generations.id });
  return deleted.length;
}

/** The data export's rows: account, profile, generations with their images, ledger, purchases. */
export async function readPersonalData(db: DbOrTx, userId: string) {
  const [account] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      firstName: users.firstName,
      lastName: users.lastName,
      emailVerified: users.emailVerified,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  const generationRows = await db
    .select({
      id: generations.id,
      tool: generations.tool,
      category: generations.category,
      status: generations.status,
      input: generations.input,
      creditsCost: generations.creditsCost,
      numberShots: generations.numberShots,
      originalImageKey: generations.originalImageKey,
      originalDeletedAt: generations.originalDeletedAt,
      createdAt: generations.createdAt,
      completedAt: generations.completedAt,
    })
    .from(generations)
    .where(eq(generations.userId, userId))
    .orderBy(asc(generations.createdAt));
  const images = await db
    .select({
      id: generationImages.id,
      generationId: generationImages.generationId,
      storageKey: generationImages.storageKey,
      contentType: generationImages.contentType,
      position: generationImages.position,
      width: generationImages.width,
      height: generationImages.height,
      createdAt: generationImages.createdAt,
      deletedAt: generationImages.deletedAt,
    })
    .from(generationImages)
    .where(eq(generationImages.userId, userId))
    .orderBy(asc(generationImages.createdAt), asc(generationImages.position));
  const ledger = await db
    .select({
      kind: creditLedger.kind,
      delta: creditLedger.delta,
      balanceAfter: creditLedger.balanceAfter,
      generationId: creditLedger.generationId,
      purchaseId: creditLedger.purchaseId,
      createdAt: creditLedger.createdAt,
    })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(asc(creditLedger.createdAt));
  const purchaseRows = await db
    .select({
      id: purchases.id,
      kind: purchases.kind,
      itemId: purchases.itemId,
      amountMinor: purchases.amountMinor,
      currency: purchases.currency,
      credits: purchases.credits,
      status: purchases.status,
      createdAt: purchases.createdAt,
    })
    .from(purchases)
    .where(eq(purchases.userId, userId))
    .orderBy(asc(purchases.createdAt));
  return { account, profile, generations: generationRows, images, ledger, purchases: purchaseRows };
}

export type PersonalData = Awaited<ReturnType<typeof readPersonalData>>;

/** Deletes the user row; profile, ledger, purchases, sessions, OAuth accounts and tokens cascade. */
export async function deleteUserRow(db: DbOrTx, userId: string): Promise<boolean> {
  const deleted = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return deleted.length > 0;
}
