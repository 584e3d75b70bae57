import { and, eq, gt, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { authTokens, type AuthToken, type AuthTokenPurpose } from "@/db/schema";

/** One-time links (email confirmation, password reset), stored by the hash of their token. */

export async function insertAuthToken(
  db: DbOrTx,
  token: { userId: string; purpose: AuthTokenPurpose; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(authTokens).values(token);
}

/**
 * Marks a valid token used and returns it, in one conditional UPDATE: of two requests with the
 * same link only one gets the row back.
 */
export async function consumeAuthToken(
  db: DbOrTx,
  params: { tokenHash: string; purpose: AuthTokenPurpose; now: Date },
): Promise<AuthToken | undefined> {
  const [token] = await db
    .update(authTokens)
    .set({ usedAt: params.now })
    .where(
      and(
        eq(authTokens.tokenHash, params.tokenHash),
        eq(authTokens.purpose, params.purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, params.now),
      ),
    )
    .returning();
  return token;
}

export async function findAuthTokenByHash(
  db: DbOrTx,
  tokenHash: string,
  purpose: AuthTokenPurpose,
): Promise<AuthToken | undefined> {
  const [token] = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, purpose)))
    .limit(1);
  return token;
}

/** Retires a user's other open links of one purpose, e.g. older reset links after a reset. */
export async function retireAuthTokens(
  db: DbOrTx,
  params: { userId: string; purpose: AuthTokenPurpose; now: Date },
): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: params.now })
    .where(and(eq(authTokens.userId, params.userId), eq(authTokens.purpose, params.purpose), isNull(authTokens.usedAt)));
}
