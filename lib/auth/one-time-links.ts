import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { DbOrTx } from "@/db/client";
import type { AuthTokenPurpose } from "@/db/schema";
import { consumeAuthToken, findAuthTokenByHash, insertAuthToken } from "@/db/queries/auth-tokens";

/**
 * Single-use links for email confirmation (24 hours), password reset (1 hour) and sign-in by
 * email (15 minutes). The link carries a random token; the database keeps only its SHA-256, so
 * a leaked table opens nothing.
 */

const lifetimeMs: Record<AuthTokenPurpose, number> = {
  confirm: 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
  signin: 15 * 60 * 1000,
};

const linkPaths: Record<AuthTokenPurpose, string> = {
  confirm: "/auth/confirm-email",
  reset: "/auth/reset-password",
  signin: "/auth/sign-in-link",
};

export type RedeemFailure = "invalid" | "expired" | "used";

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Stores a new token and returns the link that carries it. */
export async function issueLink(
  db: DbOrTx,
  params: { userId: string; purpose: AuthTokenPurpose; now: Date; appUrl: string },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await insertAuthToken(db, {
    userId: params.userId,
    purpose: params.purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(params.now.getTime() + lifetimeMs[params.purpose]),
  });
  const link = new URL(linkPaths[params.purpose], params.appUrl);
  link.searchParams.set("token", token);
  return link.toString();
}

/** Uses up a token; says why when it cannot (unknown, expired or already used). */
export async function redeemToken(
  db: DbOrTx,
  params: { token: string; purpose: AuthTokenPurpose; now: Date },
): Promise<{ ok: true; userId: string } | { ok: false; reason: RedeemFailure }> {
  const tokenHash = hashToken(params.token);
  const consumed = await consumeAuthToken(db, { tokenHash, purpose: params.purpose, now: params.now });
  if (consumed) return { ok: true, userId: consumed.userId };
  const existing = await findAuthTokenByHash(db, tokenHash, params.purpose);
  if (!existing) return { ok: false, reason: "invalid" };
  return { ok: false, reason: existing.usedAt ? "used" : "expired" };
}
