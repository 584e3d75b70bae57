import { and, desc, eq, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "@/db/client";
import { creditLedger, profiles, type CreditLedgerEntry, type NewCreditLedgerEntry, type Profile } from "@/db/schema";

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

/**
 * A spend in one statement, for a transaction that already holds the profile's lock (so the
 * statement sees the balance the lock guards): takes `amount`, bonus credits first (decision 2,
 * the rule of splitSpend in lib/credits/balance.ts), and writes its ledger row; writes nothing
 * when the balance is short or the cause was already applied. Undefined when nothing was written.
 */
export async function spendFromLockedProfile(
  db: DbOrTx,
  spend: Pick<NewCreditLedgerEntry, "userId" | "causeKey" | "generationId" | "purchaseId"> & { amount: number },
): Promise<CreditLedgerEntry | undefined> {
  const { userId, amount, causeKey } = spend;
  const before = alias(profiles, "before");
  const fromBonus = sql<number>`least(${before.bonusCredits}, ${amount})`;
  const available = sql<number>`greatest(${before.monthlyCredits} - ${before.creditsUsed}, 0) + ${before.bonusCredits}`;
  const causeApplied = db
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.causeKey, causeKey)));
  const taken = db.$with("taken").as(
    db
      .update(profiles)
      .set({ bonusCredits: sql`${before.bonusCredits} - ${fromBonus}`, creditsUsed: sql`${before.creditsUsed} + ${amount} - ${fromBonus}` })
      .from(before)
      .where(and(eq(profiles.userId, userId), eq(before.userId, userId), sql`${available} >= ${amount}`, notExists(causeApplied)))
      .returning({ fromBonus: sql<number>`${fromBonus}`.as("from_bonus"), balanceAfter: sql<number>`${available} - ${amount}`.as("balance_after") }),
  );
  const [entry] = await db
    .with(taken)
    .insert(creditLedger)
    .select((qb) =>
      qb
        .select({
          id: sql`gen_random_uuid()`.as("id"),
          userId: sql`${userId}`.as("user_id"),
          kind: sql`'spend'::credit_ledger_kind`.as("kind"),
          delta: sql`${-amount}::integer`.as("delta"),
          bonusDelta: sql`-${taken.fromBonus}`.as("bonus_delta"),
          monthlyDelta: sql`${taken.fromBonus} - ${amount}`.as("monthly_delta"),
          balanceAfter: taken.balanceAfter,
          unrecovered: sql`0`.as("unrecovered"),
          causeKey: sql`${causeKey}`.as("cause_key"),
          generationId: sql`${spend.generationId ?? null}::uuid`.as("generation_id"),
          purchaseId: sql`${spend.purchaseId ?? null}::uuid`.as("purchase_id"),
          createdAt: sql`now()`.as("created_at"),
        })
        .from(taken),
    )
    .returning();
  return entry;
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
