import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { creditLedger, profiles, type NewCreditLedgerEntry, type Profile } from "@/db/schema";

/** Balances and ledger rows of one user. Writers call these inside lib/credits transactions. */

export async function findProfile(db: DbOrTx, userId: string): Promise<Profile | undefined> {
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return profile;
}

/** Reads the profile and locks its row until the transaction ends, so balance changes queue up. */
export async function lockProfile(db: DbOrTx, userId: string): Promise<Profile | undefined> {
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId)).for("update").limit(1);
  return profile;
}

/** Creates the profile unless it exists; true when this call created it. */
export async function insertProfileIfMissing(db: DbOrTx, userId: string, bonusCredits: number): Promise<boolean> {
  const inserted = await db
    .insert(profiles)
    .values({ userId, bonusCredits })
    .onConflictDoNothing({ target: profiles.userId })
    .returning({ userId: profiles.userId });
  return inserted.length > 0;
}

export async function updateProfileCredits(
  db: DbOrTx,
  userId: string,
  credits: Partial<Pick<Profile, "bonusCredits" | "creditsUsed" | "monthlyCredits">>,
): Promise<void> {
  await db.update(profiles).set(credits).where(eq(profiles.userId, userId));
}

export async function findLedgerEntryByCause(db: DbOrTx, userId: string, causeKey: string) {
  const [entry] = await db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.causeKey, causeKey)))
    .limit(1);
  return entry;
}

export async function insertLedgerEntry(db: DbOrTx, entry: NewCreditLedgerEntry) {
  const [inserted] = await db.insert(creditLedger).values(entry).returning();
  if (!inserted) throw new Error("Ledger entry was not written");
  return inserted;
}

export async function listLedgerEntries(db: DbOrTx, userId: string, options: { limit: number; offset?: number }) {
  return db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .limit(options.limit)
    .offset(options.offset ?? 0);
}

/**
 * availableCredits of spec §3, computed in the database for one user (0 without a profile); the
 * allowance part never counts below zero (see lib/credits/balance.ts).
 */
export async function readAvailableCredits(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({
      available: sql<number>`(greatest(${profiles.monthlyCredits} - ${profiles.creditsUsed}, 0) + ${profiles.bonusCredits})::int`,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row?.available ?? 0;
}

/** Credits already taken back from what one purchase bought: by reversals, including what could not be recovered. */
export async function sumPurchaseReversals(db: DbOrTx, userId: string, purchaseId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${creditLedger.unrecovered} - ${creditLedger.delta}), 0)::int` })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.purchaseId, purchaseId), eq(creditLedger.kind, "reversal")));
  return row?.total ?? 0;
}
