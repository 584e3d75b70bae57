import { and, eq, inArray, isNotNull, isNull, like, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { generations, profiles, stripeEvents, type Profile } from "@/db/schema";

/** Subscriptions, Stripe ids and processed Stripe events. Balances are written by lib/credits. */

export type ProfileSubscriptionFields = Partial<
  Pick<
    Profile,
    | "subscriptionPlan"
    | "subscriptionStatus"
    | "subscriptionPeriod"
    | "subscriptionStartDate"
    | "subscriptionEndDate"
    | "creditsPeriodStart"
    | "stripeCustomerId"
    | "stripeSubscriptionId"
    | "currentPeriodEnd"
    | "cancelAtPeriodEnd"
    | "monthlyCredits"
    | "creditsUsed"
    | "subscriptionObservedAt"
    | "allowanceFrozenBy"
  >
>;

export async function updateProfileSubscription(
  db: DbOrTx,
  userId: string,
  fields: ProfileSubscriptionFields,
): Promise<void> {
  await db.update(profiles).set(fields).where(eq(profiles.userId, userId));
}

/**
 * Stores the user's Stripe customer unless one is stored already, and returns the stored one:
 * when two requests race, both end up using the first customer written.
 */
export async function saveStripeCustomerId(db: DbOrTx, userId: string, customerId: string): Promise<string | undefined> {
  await db
    .update(profiles)
    .set({ stripeCustomerId: customerId })
    .where(and(eq(profiles.userId, userId), isNull(profiles.stripeCustomerId)));
  const [row] = await db
    .select({ stripeCustomerId: profiles.stripeCustomerId })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row?.stripeCustomerId ?? undefined;
}

/** The user a Stripe subscription or customer belongs to (webhooks know only Stripe's ids). */
export async function findUserIdByStripeIds(
  db: DbOrTx,
  ids: { subscriptionId?: string; customerId?: string },
): Promise<string | undefined> {
  if (ids.subscriptionId) {
    const [row] = await db
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(eq(profiles.stripeSubscriptionId, ids.subscriptionId));
    if (row) return row.userId;
  }
  if (ids.customerId) {
    const [row] = await db
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(eq(profiles.stripeCustomerId, ids.customerId));
    if (row) return row.userId;
  }
  return undefined;
}

export async function isStripeEventProcessed(db: DbOrTx, eventId: string): Promise<boolean> {
  const [row] = await db.select({ eventId: stripeEvents.eventId }).from(stripeEvents).where(eq(stripeEvents.eventId, eventId));
  return row !== undefined;
}

/** Records an event as applied; false when it already was (the caller then changes nothing). */
export async function recordStripeEvent(db: DbOrTx, eventId: string, type: string): Promise<boolean> {
  const inserted = await db
    .insert(stripeEvents)
    .values({ eventId, type })
    .onConflictDoNothing({ target: stripeEvents.eventId })
    .returning({ eventId: stripeEvents.eventId });
  return inserted.length > 0;
}

/**
 * Users whose plan may have entered a new month: active plans whose current month started at
 * least 28 days ago. lib/credits decides exactly, under a row lock, whether a month has passed.
 */
export async function listProfilesDueForAllowanceRefresh(db: DbOrTx, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(
      and(
        inArray(profiles.subscriptionStatus, ["active", "trialing"]),
        isNotNull(profiles.creditsPeriodStart),
        lte(profiles.creditsPeriodStart, sql`${now.toISOString()}::timestamptz - interval '28 days'`),
      ),
    )
    .orderBy(profiles.creditsPeriodStart)
    .limit(limit);
  return rows.map((row) => row.userId);
}

/** A generation of this user that waits for its payment before it may start. */
export async function isGenerationAwaitingPayment(db: DbOrTx, userId: string, generationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: generations.id })
    .from(generations)
    .where(
      and(
        eq(generations.id, generationId),
        eq(generations.userId, userId),
        eq(generations.status, "pending"),
        isNull(generations.runAfter),
      ),
    );
  return row !== undefined;
}

/** Plans bought in the test checkout, set to end at their term's end, whose end has come. */
export async function listTestPlansDueToEnd(db: DbOrTx, now: Date): Promise<Profile[]> {
  return db
    .select()
    .from(profiles)
    .where(
      and(
        like(profiles.stripeSubscriptionId, "test\\_%"),
        eq(profiles.cancelAtPeriodEnd, true),
        inArray(profiles.subscriptionStatus, ["active", "trialing"]),
        lte(profiles.currentPeriodEnd, now),
      ),
    );
}
