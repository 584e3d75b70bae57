import "server-only";
import Stripe from "stripe";
import { env } from "@/lib/env";

/**
 * One Stripe client per process, built from the environment. STRIPE_API_HOST/PORT/PROTOCOL
 * only exist so tests can point the SDK at a local fake that speaks Stripe's HTTP API.
 */
export interface StripeConnection {
  secretKey: string;
  host?: string;
  port?: number;
  protocol?: "http" | "https";
}

export function createStripeClient(connection: StripeConnection): Stripe {
  return new Stripe(connection.secretKey, {
    host: connection.host,
    port: connection.port,
    protocol: connection.protocol,
    // Retries reuse the idempotency key, so a retried create never makes a second object.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "ai-image-studio" },
  });
}

let cached: Stripe | undefined;

/** The configured client, or undefined when STRIPE_SECRET_KEY is not set. */
export function getStripe(): Stripe | undefined {
  if (!env.STRIPE_SECRET_KEY) return undefined;
  cached ??= createStripeClient({
    secretKey: env.STRIPE_SECRET_KEY,
    host: env.STRIPE_API_HOST,
    port: env.STRIPE_API_PORT,
    protocol: env.STRIPE_API_PROTOCOL,
  });
  return cached;
}
