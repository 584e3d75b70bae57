import type { Profile } from "@/db/schema";

type CreditFields = Pick<Profile, "monthlyCredits" | "creditsUsed" | "bonusCredits">;

/** Spec §3: availableCredits = monthly_credits - credits_used + bonus_credits. */
export function availableCredits(profile: CreditFields): number {
  return profile.monthlyCredits - profile.creditsUsed + profile.bonusCredits;
}

/** Decision 2: a spend takes bonus credits first, then the rest of the monthly allowance. */
export function splitSpend(profile: CreditFields, amount: number): { fromBonus: number; fromMonthly: number } {
  const fromBonus = Math.min(profile.bonusCredits, amount);
  return { fromBonus, fromMonthly: amount - fromBonus };
}
