/**
 * What each subscription plan includes (spec §9 plan cards, decision 18). The plan cards list
 * these lines and the server enforces them (editing and remixing), so both read this one table.
 */

export const planIds = ["starter", "pro", "advanced"] as const;
export type PlanId = (typeof planIds)[number];

export const planFeatureKeys = [
  "monthlyCredits",
  "standardResolution",
  "allTools",
  "remixAndEdit",
  "highResolution",
  "priorityProcessing",
  "batchProcessing",
  "ultraHighResolution",
] as const;
export type PlanFeatureKey = (typeof planFeatureKeys)[number];

/** A feature line of a plan card: a message key under `plans.features`, shown with a tick or a cross. */
export interface PlanFeature {
  key: PlanFeatureKey;
  included: boolean;
}

export const planFeatures: Readonly<Record<PlanId, readonly PlanFeature[]>> = {
  starter: [
    { key: "monthlyCredits", included: true },
    { key: "standardResolution", included: true },
    { key: "allTools", included: true },
    { key: "remixAndEdit", included: false },
  ],
  pro: [
    { key: "monthlyCredits", included: true },
    { key: "highResolution", included: true },
    { key: "priorityProcessing", included: true },
    { key: "batchProcessing", included: true },
    { key: "remixAndEdit", included: true },
  ],
  advanced: [
    { key: "monthlyCredits", included: true },
    { key: "ultraHighResolution", included: true },
    { key: "priorityProcessing", included: true },
    { key: "batchProcessing", included: true },
    { key: "remixAndEdit", included: true },
  ],
};

/**
 * Whether a user on `plan` may edit and remix (decision 18). Without a live plan (null) the
 * spec's behaviour holds: free users edit at the spec's price.
 */
export function planAllowsEditing(plan: PlanId | null): boolean {
  if (plan === null) return true;
  return planFeatures[plan].some((feature) => feature.key === "remixAndEdit" && feature.included);
}
