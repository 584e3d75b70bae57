import "server-only";
import type { DbOrTx } from "@/db/client";
import { findUserIdByStripeIds } from "@/db/queries/billing";
import { findProfile } from "@/db/queries/credits";
import type { Profile } from "@/db/schema";
import {
  applySubscriptionSnapshot,
  holdsCustomer,
  isTestPlanId,
  type SnapshotOutcome,
  type SubscriptionSnapshot,
} from "@/lib/credits/subscription-allowance";
import type { BillingCycle, PlanId } from "./catalog";
import type { BillingContext } from "./context";
import { cancelDuplicateSubscription, retrieveSubscription } from "./stripe-payments";
import { subscriptionObject, type SubscriptionObject } from "./stripe-objects";
import { snapshotFromStripe } from "./stripe-subscription";

/**
 * Subscriptions as webhooks see them. The state applied is always the one Stripe has when the
 * event is handled, read with the time it was read, so late, repeated or reordered events
 * converge, and a slower concurrent read never overwrites a newer one.
 */

export interface ObservedSubscription {
  subscription: SubscriptionObject;
  observedAt: Date;
}

/**
 * The subscription as Stripe has it now, rather than as the event pictured it. Without an API
 * client (or once Stripe no longer knows the subscription) the event's own copy is used,
 * dated when the event was created, so it never outranks a state read from the API.
 */
export async function latestSubscription(
  ctx: BillingContext,
  id: string,
  fromEvent?: { object: unknown; created: Date },
): Promise<ObservedSubscription> {
  if (ctx.payments.mode === "stripe") {
    const observedAt = ctx.now();
    try {
      return { subscription: await retrieveSubscription(ctx.payments.stripe, id), observedAt };
    } catch (error) {
      if (fromEvent === undefined) throw error;
      console.warn(`[billing] using the event's copy of subscription ${id}`, error);
    }
  }
  if (!fromEvent) throw new Error(`Subscription ${id} cannot be read without the Stripe API`);
  return { subscription: subscriptionObject.parse(fromEvent.object), observedAt: fromEvent.created };
}

export function planPriceIds(ctx: BillingContext) {
  return ctx.payments.mode === "stripe" ? ctx.payments.planPriceIds : {};
}

/** The plan the profile already has for this subscription, when neither price ids nor metadata name one. */
function knownPlan(profile: Profile | undefined, subscriptionId: string): { planId: PlanId; billingCycle: BillingCycle } | undefined {
  return profile?.stripeSubscriptionId === subscriptionId && profile.subscriptionPlan && profile.subscriptionPeriod
    ? { planId: profile.subscriptionPlan, billingCycle: profile.subscriptionPeriod }
    : undefined;
}

export function toSnapshot(
  ctx: BillingContext,
  observed: ObservedSubscription,
  fallbackPlan?: { planId: PlanId; billingCycle: BillingCycle },
): SubscriptionSnapshot | undefined {
  return snapshotFromStripe(observed.subscription, planPriceIds(ctx), observed.observedAt, fallbackPlan);
}

export async function subscriptionUserId(db: DbOrTx, subscription: SubscriptionObject): Promise<string | undefined> {
  return (
    (await findUserIdByStripeIds(db, { subscriptionId: subscription.id, customerId: subscription.customer })) ??
    subscription.metadata.userId
  );
}

/**
 * What to do with a subscription that is not the one the profile holds. "duplicate": the
 * profile's subscription is live at Stripe, so this one was cancelled and refunded just now;
 * "replaces": the profile's one has ended at Stripe (its end had not reached us yet), so it is
 * applied first and this one then starts as a new subscription; "apply" otherwise.
 */
export type SubscriptionPlacement =
  | { kind: "apply" }
  | { kind: "duplicate" }
  | { kind: "replaces"; previous: ObservedSubscription };

export async function placeSubscription(
  ctx: BillingContext,
  userId: string,
  observed: ObservedSubscription,
): Promise<SubscriptionPlacement> {
  const profile = await findProfile(ctx.db, userId);
  const held = profile?.stripeSubscriptionId ?? null;
  if (!profile || !held || held === observed.subscription.id || !holdsCustomer(profile.subscriptionStatus)) return { kind: "apply" };
  // A plan from the test checkout (no money taken) simply gives way to a Stripe subscription.
  if (ctx.payments.mode !== "stripe" || isTestPlanId(held)) return { kind: "apply" };
  const previous = await latestSubscription(ctx, held);
  if (!holdsCustomer(previous.subscription.status)) return { kind: "replaces", previous };
  await cancelDuplicateSubscription(ctx.payments.stripe, observed.subscription);
  console.warn(`[billing] subscription ${observed.subscription.id} duplicated ${held} of user ${userId}: cancelled and refunded`);
  return { kind: "duplicate" };
}

/** Applies the state of the previous subscription that has ended, before its successor starts. */
export async function applyReplaced(tx: DbOrTx, ctx: BillingContext, userId: string, placement: SubscriptionPlacement, causeKey: string) {
  if (placement.kind !== "replaces") return;
  const profile = await findProfile(tx, userId);
  const snapshot = toSnapshot(ctx, placement.previous, knownPlan(profile, placement.previous.subscription.id));
  if (snapshot) await applySubscriptionSnapshot(tx, { userId, snapshot, causeKey: `${causeKey}:previous`, now: ctx.now() });
}

/** Applies a subscription's state to the user it belongs to; unknown subscriptions are skipped. */
export async function syncSubscription(
  tx: DbOrTx,
  ctx: BillingContext,
  params: { userId: string; observed: ObservedSubscription; causeKey: string; refunded?: boolean },
): Promise<SnapshotOutcome | undefined> {
  const { userId, observed, causeKey, refunded } = params;
  const profile = await findProfile(tx, userId);
  const snapshot = toSnapshot(ctx, observed, knownPlan(profile, observed.subscription.id));
  if (!snapshot) {
    console.error(`[billing] cannot tell the plan of subscription ${observed.subscription.id}; ${causeKey} skipped`);
    return undefined;
  }
  const { outcome } = await applySubscriptionSnapshot(tx, { userId, snapshot, causeKey, now: ctx.now(), refunded });
  return outcome;
}
