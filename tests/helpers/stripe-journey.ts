import { afterAll, beforeAll, beforeEach, expect, vi } from "vitest";
import type { Database } from "@/db/client";
import { findProfile, listLedgerEntries } from "@/db/queries/credits";
import { findPurchase } from "@/db/queries/purchases";
import type { Purchase } from "@/db/schema";
import { billingCycles, planIds, plans } from "@/lib/billing/catalog";
import { startCheckout, type CheckoutUser } from "@/lib/billing/checkout";
import type { CheckoutRequest } from "@/lib/billing/checkout-items";
import type { BillingContext } from "@/lib/billing/context";
import { BillingError } from "@/lib/billing/errors";
import type { PlanPriceIds } from "@/lib/billing/payments-config";
import { availableCredits } from "@/lib/credits/balance";
import { deliverAll, type DeliverEvent } from "@/tests/fakes/stripe-delivery";
import { startFakeStripe, type FakeStripe } from "@/tests/fakes/stripe-server";
import { ensureProfile } from "@/lib/credits/ledger";
import { stripeModeContext, webhookDeliverer } from "./billing";
import { createUser } from "./factories";
import { truncateAllTables, type TestDatabaseContext } from "./test-db";

/**
 * Billing journeys through the real checkout and the real webhook handler, with the Stripe
 * stand-in playing Stripe: its clock is the app's clock, and plans have configured price ids
 * (as STRIPE_PLAN_PRICE_IDS would give them) so plan changes made "in the Portal" are recognised.
 */

export const planPriceIds: PlanPriceIds = Object.fromEntries(
  planIds.flatMap((plan) => billingCycles.map((cycle) => [`${plan}_${cycle}`, `price_${plan}_${cycle}`])),
);

export interface StripeJourney {
  billing: BillingContext;
  deliver: DeliverEvent;
  /** Delivers every waiting event once, in the order Stripe sent them. */
  deliverAll(): Promise<void>;
  /** Starts a checkout as the buyer's click does; returns the purchase and its Checkout Session. */
  checkout(user: CheckoutUser, request: CheckoutRequest): Promise<{ purchase: Purchase; sessionId: string }>;
  /**
   * The same, or undefined when the click is refused, sent elsewhere (the Customer Portal) or
   * lands on a session already paid (a repeated click whose first payment is on its way).
   */
  tryCheckout(user: CheckoutUser, request: CheckoutRequest): Promise<{ purchase: Purchase; sessionId: string } | undefined>;
  /** Checkout, payment at Stripe and every event delivered: a new subscription's id. */
  subscribe(user: CheckoutUser, planId: (typeof planIds)[number], billingCycle?: "monthly" | "yearly"): Promise<string>;
}

export function stripeJourney(db: Database, fake: FakeStripe): StripeJourney {
  const { world } = fake;
  for (const plan of plans) {
    for (const cycle of billingCycles) {
      const perMonth = plan.pricePerMonthUsd[cycle];
      world.definePrice(`price_${plan.id}_${cycle}`, cycle === "yearly" ? perMonth * 12 : perMonth, cycle === "yearly" ? "year" : "month");
    }
  }
  const billing = stripeModeContext(db, fake, { now: () => world.now(), planPriceIds });
  const deliver = webhookDeliverer(billing);
  const journey: StripeJourney = {
    billing,
    deliver,
    async deliverAll() {
      const statuses = await deliverAll(world, deliver);
      expect(statuses.every((status) => status === 200)).toBe(true);
    },
    async checkout(user, request) {
      const { purchaseId } = await startCheckout(billing, user, request, { locale: "en" });
      const purchase = await findPurchase(db, user.id, purchaseId ?? "");
      if (!purchase?.stripeCheckoutSessionId) throw new Error("The checkout has no session");
      return { purchase, sessionId: purchase.stripeCheckoutSessionId };
    },
    async tryCheckout(user, request) {
      const started = await startCheckout(billing, user, request, { locale: "en" }).catch((error: unknown) => {
        if (error instanceof BillingError) return undefined;
        throw error;
      });
      const purchase = started?.purchaseId ? await findPurchase(db, user.id, started.purchaseId) : undefined;
      const sessionId = purchase?.stripeCheckoutSessionId;
      if (!purchase || !sessionId || world.retrieveCheckoutSession(sessionId).status !== "open") return undefined;
      return { purchase, sessionId };
    },
    async subscribe(user, planId, billingCycle = "monthly") {
      const { sessionId } = await journey.checkout(user, { kind: "subscription", planId, billingCycle });
      const { subscription } = world.completeCheckout(sessionId);
      await journey.deliverAll();
      if (!subscription) throw new Error("No subscription was created");
      return subscription.id;
    },
  };
  return journey;
}

/** Every balance change is a ledger row: the rows add up to the balance, which is never negative. */
export async function expectLedgerMatchesBalance(db: Database, userId: string): Promise<number> {
  const profile = await findProfile(db, userId);
  if (!profile) throw new Error("No profile");
  const entries = await listLedgerEntries(db, userId, { limit: 1000 });
  const balance = availableCredits(profile);
  expect(entries.reduce((sum, entry) => sum + entry.delta, 0)).toBe(balance);
  expect(balance).toBeGreaterThanOrEqual(0);
  return balance;
}

export interface JourneyState {
  fake: FakeStripe;
  journey: StripeJourney;
  user: { id: string; email: string };
}

/**
 * The hooks of a block of Stripe journeys inside describeEachDatabase: one stand-in for the
 * block (its warnings quiet), and before each test an empty database, the stand-in's world
 * reset to `startsAt()` (its clock is the app's), no requests recorded, a new journey and a new
 * user with a profile, handed to `use`.
 */
export function stripeJourneyHooks(ctx: TestDatabaseContext, startsAt: () => Date, use: (state: JourneyState) => void): void {
  let fake: FakeStripe | undefined;
  beforeAll(async () => {
    fake = await startFakeStripe();
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await fake?.close();
  });
  beforeEach(async () => {
    if (!fake) throw new Error("The Stripe stand-in did not start");
    await truncateAllTables(ctx.db);
    fake.world.reset(startsAt());
    fake.requests.length = 0;
    const user = await createUser(ctx.db);
    await ensureProfile(ctx.db, user.id);
    use({ fake, journey: stripeJourney(ctx.db, fake), user });
  });
}
