import { creditsPerImage } from "@/lib/catalog/delivery-refunds";
import { planFeatures, type PlanFeature, type PlanId } from "@/lib/catalog/plan-features";
import { monthlyCreditsOfPlan, type BillingCycle } from "@/lib/catalog/plan-terms";
import { convertFromUsd, type Currency } from "./money";

/**
 * The one catalogue of everything that can be bought (spec §9, decisions 4 and 7). The UI and
 * the server both read it; a price or credit count sent by a browser is never used.
 * Prices are USD minor units; other currencies are derived with `priceIn`.
 */

export { billingCycles, type BillingCycle } from "@/lib/catalog/plan-terms";

export { planFeatureKeys, planIds, type PlanFeature, type PlanFeatureKey, type PlanId } from "@/lib/catalog/plan-features";

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
    creditsPerMonth: monthlyCreditsOfPlan.starter,
    popular: false,
    features: planFeatures.starter,
  },
  {
    id: "pro",
    pricePerMonthUsd: { monthly: 4999, yearly: 3999 },
    creditsPerMonth: monthlyCreditsOfPlan.pro,
    popular: true,
    features: planFeatures.pro,
  },
  {
    id: "advanced",
    pricePerMonthUsd: { monthly: 8999, yearly: 7199 },
    creditsPerMonth: monthlyCreditsOfPlan.advanced,
    popular: false,
    features: planFeatures.advanced,
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

export {
  cashPacks,
  cashPackTypes,
  findCashPack,
  findHeadshotCreditPackage,
  headshotCreditPackageIds,
  headshotCreditPackages,
  type CashPack,
  type CashPackType,
  type HeadshotCreditPackage,
  type HeadshotCreditPackageId,
} from "@/lib/catalog/headshot-packages";

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

/** The top-up with the lowest price per credit wears the Best Value badge. */
export function bestValueTopUp(): TopUp {
  return topUps.reduce((best, topUp) =>
    pricePerCredit(topUp.priceUsd, topUp.credits) < pricePerCredit(best.priceUsd, best.credits) ? topUp : best,
  );
}
