import "server-only";
import type Stripe from "stripe";
import { getDb, type Database } from "@/db";
import { env } from "@/lib/env";
import { parsePlanPriceIds, resolvePaymentsMode, type PlanPriceIds } from "./payments-config";
import { getStripe } from "./stripe-client";

/**
 * Everything billing code needs from outside, passed in so tests can give it a fresh database,
 * a Stripe client pointed at the local fake and a fixed clock.
 */
export type Payments =
  | { mode: "stripe"; stripe: Stripe; planPriceIds: PlanPriceIds }
  | { mode: "test" }
  | { mode: "disabled" };

export interface BillingContext {
  db: Database;
  payments: Payments;
  /** Public origin for the URLs Stripe sends the buyer back to. */
  appUrl: string;
  now: () => Date;
}

export function paymentsFromEnv(): Payments {
  const mode = resolvePaymentsMode(env);
  const stripe = getStripe();
  if (mode === "stripe" && stripe) {
    return { mode, stripe, planPriceIds: parsePlanPriceIds(env.STRIPE_PLAN_PRICE_IDS) };
  }
  return mode === "test" ? { mode } : { mode: "disabled" };
}

export function billingContext(): BillingContext {
  return { db: getDb(), payments: paymentsFromEnv(), appUrl: env.APP_URL, now: () => new Date() };
}
