import type { Profile } from "@/db/schema";

type CreditFields = Pick<Profile, "monthlyCredits" | "creditsUsed" | "bonusCredits">;

/**
 * What is left of this month's allowance. credits_used keeps what was really used this month,
 * across plan changes, so after a downgrade it may exceed the allowance: then nothing is left.
 */
export function allowanceLeft(profile: Pick<Profile, "monthlyCredits" | "creditsUsed">): number {
  return Math.max(profile.monthlyCredits - profile.creditsUsed, 0);
}

/** Spec §3 (availableCredits = monthly_credits - credits_used + bonus_credits), never below zero. */
export function availableCredits(profile: CreditFields): number {
  return allowanceLeft(profile) + profile.bonusCredits;
}

/**
 * Decision 2: bonus credits first, then the rest of the monthly allowance. The same order
 * serves whatever takes credits away: a spend, a refunded top-up, a dispute's hold.
 */
export function splitSpend(profile: CreditFields, amount: number): { fromBonus: number; fromMonthly: number } {
  const fromBonus = Math.min(profile.bonusCredits, amount);
  return { fromBonus, fromMonthly: amount - fromBonus };
}
