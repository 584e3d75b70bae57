import "server-only";
import Stripe from "stripe";
import { isStripeEventProcessed, recordStripeEvent } from "@/db/queries/billing";
import type { BillingContext } from "./context";
import { webhookHandlers, type WebhookEvent } from "./webhook-handlers";

/**
 * POST /api/stripe/webhook (decision 5, DESIGN rule 6): the raw body's signature is verified,
 * events we do not handle are acknowledged and ignored, and each handled event is applied at
 * most once: its id is recorded in the same transaction as its effect.
 */

export interface WebhookResult {
  status: 200 | 400 | 500 | 503;
  body: { received: boolean; duplicate?: boolean; ignored?: boolean; error?: string };
}

/** How far a signature's timestamp may lie from our clock, either way (Stripe's own default tolerance). */
const clockSkewSeconds = 300;

/** Stripe's helper refuses old timestamps only; one from the future is as suspect (a replay kept for later). */
function signedInTheFuture(signature: string, receivedAtMs: number): boolean {
  const timestamp = /(?:^|,)t=(\d+)(?:,|$)/.exec(signature)?.[1];
  return timestamp !== undefined && Number(timestamp) - Math.floor(receivedAtMs / 1000) > clockSkewSeconds;
}

export async function handleStripeWebhook(
  ctx: BillingContext,
  request: { rawBody: string; signature: string | null; secret: string | undefined; receivedAtMs?: number },
): Promise<WebhookResult> {
  if (!request.secret) return { status: 503, body: { received: false, error: "Stripe webhooks are not configured" } };
  const receivedAtMs = request.receivedAtMs ?? Date.now();
  let event: WebhookEvent;
  try {
    if (!request.signature) throw new Error("No Stripe-Signature header");
    if (signedInTheFuture(request.signature, receivedAtMs)) throw new Error("Timestamp is in the future beyond the allowed clock skew");
    // The static helper verifies without an API key, so it also works while payments are in test mode.
    event = Stripe.webhooks.constructEvent(request.rawBody, request.signature, request.secret, clockSkewSeconds, undefined, receivedAtMs);
  } catch (error) {
    console.warn("[billing] rejected a webhook with a bad signature", error instanceof Error ? error.message : error);
    return { status: 400, body: { received: false, error: "Invalid signature" } };
  }

  const handler = webhookHandlers[event.type];
  if (!handler) return { status: 200, body: { received: true, ignored: true } };
  if (await isStripeEventProcessed(ctx.db, event.id)) return { status: 200, body: { received: true, duplicate: true } };

  try {
    const effect = await handler(ctx, event);
    const applied = await ctx.db.transaction(async (tx) => {
      if (!(await recordStripeEvent(tx, event.id, event.type))) return false;
      await effect?.(tx);
      return true;
    });
    return { status: 200, body: { received: true, duplicate: !applied } };
  } catch (error) {
    // Nothing was recorded, so Stripe's retry will apply the event again from the start.
    console.error(`[billing] webhook ${event.type} ${event.id} failed`, error);
    return { status: 500, body: { received: false, error: "Webhook handler failed" } };
  }
}
