import type { DbOrTx } from "@/db/client";
import { findProfile } from "@/db/queries/credits";
import { hasClaimedFreeTrial } from "@/db/queries/free-trials";
import type { Profile } from "@/db/schema";

/**
 * The Headshot Pro free trial (spec §4 'Free trial', §9, decision 17): offered once per
 * account, to a profile that has used none of its monthly credits and still holds at least the
 * welcome credits. A trial that failed and was refunded still counts as taken. The package
 * screen reads this to offer and preselect it; the server checks it again under the profile's
 * row lock and records the claim with the trial's spend (create-generation.ts).
 */

/** Spec §9: eligible while credits_used is 0 and bonus_credits is at least 5. */
export const freeTrialMinimumBonusCredits = 5;

export function isFreeTrialEligible(profile: Pick<Profile, "creditsUsed" | "bonusCredits">, alreadyTaken: boolean): boolean {
  return !alreadyTaken && profile.creditsUsed === 0 && profile.bonusCredits >= freeTrialMinimumBonusCredits;
}

/** Whether the user may take the trial now; `profile` when the caller already holds it (locked). */
export async function readFreeTrialEligibility(db: DbOrTx, userId: string, profile?: Profile): Promise<boolean> {
  const current = profile ?? (await findProfile(db, userId));
  return current !== undefined && isFreeTrialEligible(current, await hasClaimedFreeTrial(db, userId));
}
