import type { PlanId } from "./plan-features";

/**
 * What a plan gives each month and how it can be billed: the credits ledger (lib/credits) grants
 * allowances from it and the billing catalogue prices it, so neither imports the other.
 */

export const billingCycles = ["monthly", "yearly"] as const;
export type BillingCycle = (typeof billingCycles)[number];

export const monthlyCreditsOfPlan: Readonly<Record<PlanId, number>> = {
  starter: 25,
  pro: 150,
  advanced: 300,
};
