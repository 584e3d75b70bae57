import {
  findCashPack,
  findPlan,
  findTopUp,
  planPrice,
  priceIn,
  type BillingCycle,
  type CashPackType,
  type PlanId,
} from "./catalog";
import type { Currency } from "./money";

/**
 * What a browser may ask to buy: only ids. Amounts, currencies and credit counts are looked up
 * here from the catalogue (decision 4), so whatever else a request carries is never used.
 */
export type CheckoutRequest =
  | { kind: "subscription"; planId: PlanId; billingCycle: BillingCycle }
  | { kind: "top_up"; credits: number }
  | { kind: "cash_pack"; packageType: CashPackType };

export interface PricedCheckoutItem {
  kind: CheckoutRequest["kind"];
  /** Catalogue id stored on the purchase: "pro_monthly", "top_up_200", "25_headshots". */
  itemId: string;
  /** What one checkout charges now: a month, a whole year, or a one-off amount. */
  amountMinor: number;
  currency: Currency;
  /** Bonus credits granted when paid (top-ups only; plans set an allowance instead). */
  credits: number;
  /** Shown as the product name at checkout (not translated: Stripe shows it as entered). */
  productName: string;
  recurringInterval?: "month" | "year";
  planId?: PlanId;
  billingCycle?: BillingCycle;
  packageType?: CashPackType;
}

const planNames: Record<PlanId, string> = { starter: "Starter", pro: "Pro", advanced: "Advanced" };

export function planItemId(planId: PlanId, billingCycle: BillingCycle): string {
  return `${planId}_${billingCycle}`;
}

/** Name of a plan as the product shows it (spec §9); the same in every language. */
export function planName(planId: PlanId): string {
  return planNames[planId];
}

/** Prices a request from the catalogue; undefined for an id the catalogue does not know. */
export function priceCheckoutItem(request: CheckoutRequest, currency: Currency): PricedCheckoutItem | undefined {
  switch (request.kind) {
    case "subscription": {
      const plan = findPlan(request.planId);
      if (!plan) return undefined;
      const yearly = request.billingCycle === "yearly";
      return {
        kind: "subscription",
        itemId: planItemId(plan.id, request.billingCycle),
        // A yearly plan is billed twelve months at once, each at the discounted monthly price shown.
        amountMinor: planPrice(plan, request.billingCycle, currency).billedMinor,
        currency,
        credits: 0,
        productName: `${planName(plan.id)} plan (${yearly ? "yearly" : "monthly"})`,
        recurringInterval: yearly ? "year" : "month",
        planId: plan.id,
        billingCycle: request.billingCycle,
      };
    }
    case "top_up": {
      const topUp = findTopUp(request.credits);
      if (!topUp) return undefined;
      return {
        kind: "top_up",
        itemId: `top_up_${topUp.credits}`,
        amountMinor: priceIn(topUp.priceUsd, currency),
        currency,
        credits: topUp.credits,
        productName: `${topUp.credits} credits`,
      };
    }
    case "cash_pack": {
      const pack = findCashPack(request.packageType);
      if (!pack) return undefined;
      return {
        kind: "cash_pack",
        itemId: pack.packageType,
        amountMinor: priceIn(pack.priceUsd, currency),
        currency,
        credits: 0,
        productName: `${pack.headshots} AI headshots`,
        packageType: pack.packageType,
      };
    }
  }
}

/** Reads a plan item id back ("pro_yearly" → pro, yearly). */
export function parsePlanItemId(itemId: string): { planId: PlanId; billingCycle: BillingCycle } | undefined {
  const match = /^(starter|pro|advanced)_(monthly|yearly)$/.exec(itemId);
  if (!match) return undefined;
  const [, planId, billingCycle] = match;
  const plan = findPlan(planId ?? "");
  if (!plan || (billingCycle !== "monthly" && billingCycle !== "yearly")) return undefined;
  return { planId: plan.id, billingCycle };
}
