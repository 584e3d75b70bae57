import { convertFromUsd, type Currency } from "./money";

/**
 * The one catalogue of everything that can be bought (spec §9, decisions 4 and 7). The UI and
 * the server both read it; a price or credit count sent by a browser is never used.
 * Prices are USD minor units; other currencies are derived with `priceIn`.
 */

export const billingCycles = ["monthly", "yearly"] as const;
export type BillingCycle = (typeof billingCycles)[number];

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

export interface Plan {
  id: PlanId;
  /** Price per month in USD cents, billed monthly or (yearly) twelve months at once. */
  pricePerMonthUsd: Record<BillingCycle, number>;
  creditsPerMonth: number;
  popular: boolean;
  features: readonly PlanFeature[];
}

export const plans: readonly Plan[] = [
  {
    id: "starter",
    pricePerMonthUsd: { monthly: 999, yearly: 799 },
    creditsPerMonth: 25,
    popular: false,
    features: [
      { key: "monthlyCredits", included: true },
      { key: "standardResolution", included: true },
      { key: "allTools", included: true },
      { key: "remixAndEdit", included: false },
    ],
  },
  {
    id: "pro",
    pricePerMonthUsd: { monthly: 4999, yearly: 3999 },
    creditsPerMonth: 150,
    popular: true,
    features: [
      { key: "monthlyCredits", included: true },
      { key: "highResolution", included: true },
      { key: "priorityProcessing", included: true },
      { key: "batchProcessing", included: true },
      { key: "remixAndEdit", included: true },
    ],
  },
  {
    id: "advanced",
    pricePerMonthUsd: { monthly: 8999, yearly: 7199 },
    creditsPerMonth: 300,
    popular: false,
    features: [
      { key: "monthlyCredits", included: true },
      { key: "ultraHighResolution", included: true },
      { key: "priorityProcessing", included: true },
      { key: "batchProcessing", included: true },
      { key: "remixAndEdit", included: true },
    ],
  },
];

/** One-off credit top-ups, for active subscribers only. */
export interface TopUp {
  credits: number;
  priceUsd: number;
}

export const topUps: readonly TopUp[] = [
  { credits: 30, priceUsd: 900 },
  { credits: 200, priceUsd: 4900 },
  { credits: 400, priceUsd: 9900 },
  { credits: 1000, priceUsd: 19900 },
];

/** Headshot packages paid with credits on the package screen. */
export const headshotCreditPackageIds = ["free_trial", "basic", "popular", "premium"] as const;
export type HeadshotCreditPackageId = (typeof headshotCreditPackageIds)[number];

export interface HeadshotCreditPackage {
  id: HeadshotCreditPackageId;
  headshots: number;
  credits: number;
  popular: boolean;
}

export const headshotCreditPackages: readonly HeadshotCreditPackage[] = [
  { id: "free_trial", headshots: 1, credits: 2, popular: false },
  { id: "basic", headshots: 10, credits: 20, popular: false },
  { id: "popular", headshots: 25, credits: 50, popular: true },
  { id: "premium", headshots: 50, credits: 100, popular: false },
];

/** Headshot cash packs (decision 7: spec version A). */
export const cashPackTypes = ["10_headshots", "25_headshots", "50_headshots"] as const;
export type CashPackType = (typeof cashPackTypes)[number];

export interface CashPack {
  packageType: CashPackType;
  headshots: number;
  priceUsd: number;
  popular: boolean;
}

export const cashPacks: readonly CashPack[] = [
  { packageType: "10_headshots", headshots: 10, priceUsd: 999, popular: false },
  { packageType: "25_headshots", headshots: 25, priceUsd: 1499, popular: true },
  { packageType: "50_headshots", headshots: 50, priceUsd: 2099, popular: false },
];

/** Every image costs about two credits; cards show credits / 2 images. */
export const creditsPerImage = 2;

export function approximateImages(credits: number): number {
  return Math.floor(credits / creditsPerImage);
}

export function priceIn(usdMinor: number, currency: Currency): number {
  return convertFromUsd(usdMinor, currency);
}

/**
 * A plan's price in a currency: per month as shown, and what one payment charges (a month, or
 * twelve of those months for yearly billing). Checkout and the plan cards both use it.
 */
export function planPrice(plan: Plan, cycle: BillingCycle, currency: Currency): { perMonthMinor: number; billedMinor: number } {
  const perMonthMinor = priceIn(plan.pricePerMonthUsd[cycle], currency);
  return { perMonthMinor, billedMinor: cycle === "yearly" ? perMonthMinor * 12 : perMonthMinor };
}

/** Price per credit in minor units, unrounded; the UI shows it to two decimals. */
export function pricePerCredit(priceMinor: number, credits: number): number {
  return priceMinor / credits;
}

export function findPlan(id: string): Plan | undefined {
  return plans.find((plan) => plan.id === id);
}

export function findTopUp(credits: number): TopUp | undefined {
  return topUps.find((topUp) => topUp.credits === credits);
}

export function findCashPack(packageType: string): CashPack | undefined {
  return cashPacks.find((pack) => pack.packageType === packageType);
}

export function findHeadshotCreditPackage(id: string): HeadshotCreditPackage | undefined {
  return headshotCreditPackages.find((pack) => pack.id === id);
}

/** The top-up with the lowest price per credit wears the Best Value badge. */
export function bestValueTopUp(): TopUp {
  return topUps.reduce((best, topUp) =>
    pricePerCredit(topUp.priceUsd, topUp.credits) < pricePerCredit(best.priceUsd, best.credits) ? topUp : best,
  );
}
