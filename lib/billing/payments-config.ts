import type { BillingCycle, PlanId } from "./catalog";
import type { Env } from "@/lib/env";

/**
 * How purchases are paid (decision 8): through Stripe when a secret key is configured, through
 * the built-in test checkout outside production (or when ALLOW_TEST_CHECKOUT=true), otherwise
 * not at all, and the purchase buttons say "Payments are not configured".
 */
export type PaymentsMode = "stripe" | "test" | "disabled";

type PaymentsEnv = Pick<Env, "STRIPE_SECRET_KEY" | "NODE_ENV" | "ALLOW_TEST_CHECKOUT">;

export function resolvePaymentsMode(env: PaymentsEnv): PaymentsMode {
  if (env.STRIPE_SECRET_KEY) return "stripe";
  if (env.NODE_ENV !== "production" || env.ALLOW_TEST_CHECKOUT === "true") return "test";
  return "disabled";
}

export type PlanPriceIds = Partial<Record<`${PlanId}_${BillingCycle}`, string>>;

/** Parses STRIPE_PLAN_PRICE_IDS ("pro_monthly=price_1,pro_yearly=price_2"); the env schema checked its shape. */
export function parsePlanPriceIds(value: string | undefined): PlanPriceIds {
  const ids: PlanPriceIds = {};
  for (const pair of (value ?? "").split(",")) {
    const match = /^\s*((?:starter|pro|advanced)_(?:monthly|yearly))=([\w-]+)\s*$/.exec(pair);
    if (!match) continue;
    const [, key, priceId] = match;
    if (isPlanPriceKey(key) && priceId) ids[key] = priceId;
  }
  return ids;
}

function isPlanPriceKey(key: string | undefined): key is keyof PlanPriceIds {
  return key !== undefined && /^(starter|pro|advanced)_(monthly|yearly)$/.test(key);
}
