import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { freeTrialClaims, generations } from "@/db/schema";

/** The one Headshot Pro free trial of each account (decision 17). */

/**
 * True once the user has taken the free trial: the claim written with it, or, for a trial taken
 * before claims were recorded, a free-trial headshot generation still on file.
 */
export async function hasClaimedFreeTrial(db: DbOrTx, userId: string): Promise<boolean> {
  const [claim] = await db.select({ userId: freeTrialClaims.userId }).from(freeTrialClaims).where(eq(freeTrialClaims.userId, userId));
  if (claim) return true;
  const [earlier] = await db
    .select({ id: generations.id })
    .from(generations)
    .where(
      and(
        eq(generations.userId, userId),
        eq(generations.tool, "headshot_pro"),
        sql`${generations.input}->>'packageId' = 'free_trial'`,
      ),
    )
    .limit(1);
  return earlier !== undefined;
}

/** Records the trial as taken; false when it already was (the caller then refuses it). */
export async function claimFreeTrial(db: DbOrTx, userId: string, generationId: string): Promise<boolean> {
  const inserted = await db
    .insert(freeTrialClaims)
    .values({ userId, generationId })
    .onConflictDoNothing({ target: freeTrialClaims.userId })
    .returning({ userId: freeTrialClaims.userId });
  return inserted.length > 0;
}
