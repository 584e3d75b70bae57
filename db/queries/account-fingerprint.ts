import { eq, sql, type Placeholder } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { preparedPerDatabase } from "@/db/prepared";
import { profiles, purchases, type Profile } from "@/db/schema";

/**
 * A short string that changes whenever what the user's pages show about their money changes:
 * the balance, the plan and its state, and any purchase (a checkout started, paid, closed or
 * refunded). Every open tab compares it with the one it was rendered with (issue 15 story 9).
 * A user without a profile has the fingerprint "none".
 */
function accountFingerprint(userId: string | Placeholder) {
  return sql<string>`concat_ws(':', ${profiles.subscriptionPlan}, ${profiles.subscriptionStatus}, ${profiles.subscriptionPeriod},
      ${profiles.cancelAtPeriodEnd}, ${profiles.monthlyCredits}, ${profiles.creditsUsed}, ${profiles.bonusCredits},
      ${profiles.currentPeriodEnd}::text)
    || '|' || (select concat_ws(':', count(*), max(${purchases.updatedAt})::text) from ${purchases} where ${purchases.userId} = ${userId})`;
}

export async function readAccountFingerprint(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db.select({ fingerprint: accountFingerprint(userId) }).from(profiles).where(eq(profiles.userId, userId));
  return row?.fingerprint ?? "none";
}

/** Every signed-in page reads it for the header, so it is built once (db/prepared.ts). */
const profileWithFingerprint = preparedPerDatabase((db) =>
  db
    .select({ profile: profiles, fingerprint: accountFingerprint(sql.placeholder("userId")) })
    .from(profiles)
    .where(eq(profiles.userId, sql.placeholder("userId")))
    .limit(1)
    .prepare("profile_with_fingerprint"),
);

/**
 * The profile and its fingerprint in one read (a signed-in page shows the one and renders the
 * other), both of the same moment, so a page never pairs an older balance with a newer fingerprint.
 */
export async function findProfileWithFingerprint(
  db: DbOrTx,
  userId: string,
): Promise<{ profile: Profile | undefined; fingerprint: string }> {
  const [row] = await profileWithFingerprint(db).execute({ userId });
  return row ?? { profile: undefined, fingerprint: "none" };
}
