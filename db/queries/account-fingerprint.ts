import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { profiles, purchases } from "@/db/schema";

/**
 * A short string that changes whenever what the user's pages show about their money changes:
 * the balance, the plan and its state, and any purchase (a checkout started, paid, closed or
 * refunded). Every open tab compares it with the one it was rendered with (issue 15 story 9).
 */
export async function readAccountFingerprint(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db
    .select({
      profile: sql<string>`concat_ws(':', ${profiles.subscriptionPlan}, ${profiles.subscriptionStatus}, ${profiles.subscriptionPeriod},
        ${profiles.cancelAtPeriodEnd}, ${profiles.monthlyCredits}, ${profiles.creditsUsed}, ${profiles.bonusCredits},
        ${profiles.currentPeriodEnd}::text)`,
      purchases: sql<string>`(select concat_ws(':', count(*), max(${purchases.updatedAt})::text) from ${purchases}
        where ${purchases.userId} = ${userId})`,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row ? `${row.profile}|${row.purchases}` : "none";
}
