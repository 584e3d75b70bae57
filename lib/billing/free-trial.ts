import type { Profile } from "@/db/schema";
import type { HeadshotCreditPackageId } from "./catalog";

/**
 * The Headshot Pro free trial (spec §4 'Free trial', §9): a profile that has used none of its
 * monthly credits and still holds at least the welcome credits may take the 'TRY FOR FREE'
 * package. Pure, so the package screen can preselect it; the server checks the same rule under
 * the profile's row lock when it spends the credits (lib/generation/create-generation.ts).
 */

export const freeTrialPackageId = "free_trial" satisfies HeadshotCreditPackageId;

/** Spec §9: eligible while credits_used is 0 and bonus_credits is at least 5. */
export const freeTrialMinimumBonusCredits = 5;

export function isFreeTrialEligible(profile: Pick<Profile, "creditsUsed" | "bonusCredits">): boolean {
  return profile.creditsUsed === 0 && profile.bonusCredits >= freeTrialMinimumBonusCredits;
}
