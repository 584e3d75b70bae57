import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { preparedPerDatabase } from "@/db/prepared";
import { creditLedger, generations, profiles, type NewCreditLedgerEntry, type NewGeneration, type Profile } from "@/db/schema";

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
 * availableCredits of spec §3 in SQL, for a profile row; the allowance part never counts below
 * zero (lib/credits/balance.ts).
 */
const availableCreditsSql = sql<number>`(greatest(${profiles.monthlyCredits} - ${profiles.creditsUsed}, 0) + ${profiles.bonusCredits})::int`;

/** Each start of a generation or an edit runs it, so it is built once (db/prepared.ts). */
const availableCreditsOf = preparedPerDatabase((db) =>
  db
    .select({ available: availableCreditsSql })
    .from(profiles)
    .where(eq(profiles.userId, sql.placeholder("userId")))
    .prepare("available_credits"),
);

/** availableCredits of one user, computed in the database (0 without a profile). */
export async function readAvailableCredits(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await availableCreditsOf(db).execute({ userId });
  return row?.available ?? 0;
}

/** A job paid with credits when it is accepted (generations and edits). */
export type PaidJobValues = Pick<NewGeneration, "userId" | "tool" | "input" | "originalImageKey" | "parentImageId"> & {
  category: string;
  creditsCost: number;
  numberShots: number;
};

const param = (name: string) => sql.placeholder(name);

/** insertJobWithSpend's statement, built once (db/prepared.ts); every value is cast, as a placeholder's is sent as it is. */
const jobWithSpend = preparedPerDatabase((db) => {
  const locked = db.$with("locked", { bonus: sql<number>`bonus`, available: sql<number>`available` }).as(
    sql`select ${profiles.bonusCredits} as bonus, ${availableCreditsSql} as available from ${profiles} where ${profiles.userId} = ${param("userId")} for update`,
  );
  const covered = db.$with("covered", { fromBonus: sql<number>`from_bonus`, available: sql<number>`available` }).as(
    sql`select least(bonus, ${param("cost")}::int) as from_bonus, available from locked where available >= ${param("cost")}::int`,
  );
  const written = db.$with("written", { id: sql<string>`id` }).as(
    sql`insert into ${generations} (id, user_id, tool, category, input, original_image_key, parent_image_id, credits_cost, number_shots)
      select ${param("id")}::uuid, ${param("userId")}::text, ${param("tool")}::generation_tool, ${param("category")}::text, ${param("input")}::jsonb,
        ${param("originalImageKey")}::text, ${param("parentImageId")}::uuid, ${param("cost")}::int, ${param("numberShots")}::int
      from covered returning id`,
  );
  const balance = db.$with("balance", {}).as(
    sql`update ${profiles} set bonus_credits = bonus_credits - covered.from_bonus, credits_used = credits_used + (${param("cost")}::int - covered.from_bonus), updated_at = now() from covered where ${profiles.userId} = ${param("userId")}`,
  );
  const entry = db.$with("entry", {}).as(
    sql`insert into ${creditLedger} (user_id, kind, delta, bonus_delta, monthly_delta, balance_after, cause_key, generation_id)
      select ${param("userId")}::text, 'spend', -${param("cost")}::int, -from_bonus, from_bonus - ${param("cost")}::int, available - ${param("cost")}::int, ${param("causeKey")}::text, written.id
      from covered, written`,
  );
  return db
    .with(locked, covered, written, balance, entry)
    .select({ available: sql<number>`locked.available`, jobId: sql<string | null>`(select id from written)` })
    .from(locked)
    .prepare("job_with_spend");
});

/**
 * A new job and its spend as one statement, hence one transaction: it locks the profile row and,
 * only if the balance covers the job's cost, writes the job, the new balance (bonus credits
 * first, as splitSpend in lib/credits/balance.ts) and the ledger row under `causeKey`. The row
 * lock then lasts for this statement, not across round trips to the app, so the concurrent
 * starts of one user queue for less (issue 16); inside a caller's transaction it lasts until
 * that commits. Returns the balance found (undefined without a profile) and the job's id, null
 * when the balance fell short and nothing was written.
 */
export async function insertJobWithSpend(
  db: DbOrTx,
  job: PaidJobValues & { id: string },
  causeKey: string,
): Promise<{ available: number; jobId: string | null } | undefined> {
  const [row] = await jobWithSpend(db).execute({
    id: job.id,
    userId: job.userId,
    tool: job.tool,
    category: job.category,
    input: JSON.stringify(job.input),
    originalImageKey: job.originalImageKey ?? null,
    parentImageId: job.parentImageId ?? null,
    cost: job.creditsCost,
    numberShots: job.numberShots,
    causeKey,
  });
  return row;
}

/** Credits already taken back from what one purchase bought: by reversals, including what could not be recovered. */
export async function sumPurchaseReversals(db: DbOrTx, userId: string, purchaseId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${creditLedger.unrecovered} - ${creditLedger.delta}), 0)::int` })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.purchaseId, purchaseId), eq(creditLedger.kind, "reversal")));
  return row?.total ?? 0;
}

/** The ledger rows of a purchase's dispute holds and their releases, oldest first. */
export async function listPurchaseHoldEntries(db: DbOrTx, userId: string, purchaseId: string) {
  return db
    .select({ kind: creditLedger.kind, causeKey: creditLedger.causeKey })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, userId),
        eq(creditLedger.purchaseId, purchaseId),
        inArray(creditLedger.kind, ["dispute_hold", "dispute_release"]),
      ),
    )
    .orderBy(creditLedger.createdAt, creditLedger.id);
}
