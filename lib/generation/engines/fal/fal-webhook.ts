import { createHash, createPublicKey, verify, type JsonWebKey } from "node:crypto";
import { z } from "zod";
import { callOutside } from "@/lib/resilience/outside-call";
import type { CallContext } from "../types";

/**
 * fal's webhook signature (its documented scheme): ED25519 over
 * "<X-Fal-Webhook-Request-Id>\n<X-Fal-Webhook-User-Id>\n<X-Fal-Webhook-Timestamp>\n<hex SHA-256 of
 * the raw body>", hex-encoded in X-Fal-Webhook-Signature, verifiable with any key of fal's JSON
 * Web Key Set. A timestamp more than five minutes off is refused as a replay. The key set is
 * cached for an hour and fetched again early when a signature matches none of its keys.
 */

export const defaultFalJwksUrl = "https://rest.alpha.fal.ai/.well-known/jwks.json";

const toleranceSeconds = 5 * 60;
const keysFreshMs = 60 * 60 * 1000;
/** A signature that matches no cached key may mean fal rotated its keys, but not more often than this. */
const refetchAfterMs = 60 * 1000;

const jwksSchema = z.object({
  keys: z.array(z.object({ kty: z.string(), crv: z.string().optional(), x: z.string().optional() }).passthrough()),
});

export interface FalSignedRequest {
  headers: Headers;
  body: string;
}

export function createFalWebhookVerifier(jwksUrl: string) {
  let cached: { keys: JsonWebKey[]; at: number } | undefined;

  async function fetchKeys(context: CallContext): Promise<JsonWebKey[]> {
    const keys = await callOutside(
      async (signal) => {
        const response = await fetch(jwksUrl, { signal, headers: { accept: "application/json" } });
        if (!response.ok) throw new Error(`fal JWKS: HTTP ${response.status}`);
        return jwksSchema.parse(await response.json()).keys.filter((key) => key.kty === "OKP" && key.crv === "Ed25519");
      },
      { name: "fal JWKS", signal: context.signal, timeoutMs: 10_000 },
    );
    cached = { keys, at: Date.now() };
    return keys;
  }

  function matches(keys: readonly JsonWebKey[], message: Buffer, signature: Buffer): boolean {
    return keys.some((jwk) => {
      try {
        return verify(null, message, createPublicKey({ key: jwk, format: "jwk" }), signature);
      } catch {
        return false;
      }
    });
  }

  /** True when fal signed exactly this body for this request. */
  return async function verifyFalWebhook({ headers, body }: FalSignedRequest, context: CallContext): Promise<boolean> {
    const requestId = headers.get("x-fal-webhook-request-id");
    const userId = headers.get("x-fal-webhook-user-id");
    const timestamp = headers.get("x-fal-webhook-timestamp") ?? "";
    const signatureHex = headers.get("x-fal-webhook-signature") ?? "";
    if (!requestId || !userId || !/^\d+$/.test(timestamp) || !/^(?:[0-9a-f]{2})+$/i.test(signatureHex)) return false;
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceSeconds) return false;
    const digest = createHash("sha256").update(body, "utf8").digest("hex");
    const message = Buffer.from(`${requestId}\n${userId}\n${timestamp}\n${digest}`, "utf8");
    const signature = Buffer.from(signatureHex, "hex");
    const fresh = cached && Date.now() - cached.at < keysFreshMs ? cached.keys : await fetchKeys(context);
    if (matches(fresh, message, signature)) return true;
    if (cached && Date.now() - cached.at < refetchAfterMs) return false;
    return matches(await fetchKeys(context), message, signature);
  };
}
