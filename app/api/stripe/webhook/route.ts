import { billingContext } from "@/lib/billing/context";
import { handleStripeWebhook } from "@/lib/billing/webhook";
import { env } from "@/lib/env";

/** Stripe calls this; the body must stay byte-for-byte as sent for its signature to verify. */
export async function POST(request: Request): Promise<Response> {
  const result = await handleStripeWebhook(billingContext(), {
    rawBody: await request.text(),
    signature: request.headers.get("stripe-signature"),
    secret: env.STRIPE_WEBHOOK_SECRET,
  });
  return Response.json(result.body, { status: result.status });
}
