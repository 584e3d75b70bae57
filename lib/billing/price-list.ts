import {
  approximateImages,
  bestValueTopUp,
  cashPacks,
  planPrice,
  plans,
  priceIn,
  pricePerCredit,
  topUps,
  type BillingCycle,
  type CashPackType,
  type PlanFeature,
  type PlanId,
} from "./catalog";
import type { Currency } from "./money";

/**
 * The catalogue priced in one currency, as plain data for the plan cards, the top-up grid and
 * the Add Credits dialog. Display only: checkout prices the item again on the server.
 */

export interface PlanPrice {
  perMonthMinor: number;
  /** What one payment charges: a month, or twelve months for yearly billing. */
  billedMinor: number;
  /** Unrounded minor units; shown to two decimals. */
  perCreditMinor: number;
}

export interface PlanOffer {
  id: PlanId;
  credits: number;
  images: number;
  popular: boolean;
  features: readonly PlanFeature[];
  prices: Record<BillingCycle, PlanPrice>;
}

export interface TopUpOffer {
  credits: number;
  priceMinor: number;
  perCreditMinor: number;
  images: number;
  bestValue: boolean;
}

export interface CashPackOffer {
  packageType: CashPackType;
  headshots: number;
  priceMinor: number;
  /** Unrounded minor units; shown to two decimals. */
  perImageMinor: number;
  popular: boolean;
}

export interface PriceList {
  currency: Currency;
  plans: PlanOffer[];
  topUps: TopUpOffer[];
  cashPacks: CashPackOffer[];
}

export function buildPriceList(currency: Currency): PriceList {
  const best = bestValueTopUp();
  return {
    currency,
    plans: plans.map((plan) => {
      const priceFor = (cycle: BillingCycle): PlanPrice => {
        const price = planPrice(plan, cycle, currency);
        return { ...price, perCreditMinor: pricePerCredit(price.perMonthMinor, plan.creditsPerMonth) };
      };
      return {
        id: plan.id,
        credits: plan.creditsPerMonth,
        images: approximateImages(plan.creditsPerMonth),
        popular: plan.popular,
        features: plan.features,
        prices: { monthly: priceFor("monthly"), yearly: priceFor("yearly") },
      };
    }),
    topUps: topUps.map((topUp) => {
      const priceMinor = priceIn(topUp.priceUsd, currency);
      return {
        credits: topUp.credits,
        priceMinor,
        perCreditMinor: pricePerCredit(priceMinor, topUp.credits),
        images: approximateImages(topUp.credits),
        bestValue: topUp.credits === best.credits,
      };
    }),
    cashPacks: cashPacks.map((pack) => {
      const priceMinor = priceIn(pack.priceUsd, currency);
      return {
        packageType: pack.packageType,
        headshots: pack.headshots,
        priceMinor,
        perImageMinor: priceMinor / pack.headshots,
        popular: pack.popular,
      };
    }),
  };
}
