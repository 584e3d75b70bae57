import "server-only";
import type { DbOrTx } from "@/db/client";
import { ensureProfile } from "@/lib/credits/ledger";

/**
 * Runs on every sign-in, password or Google: the first one creates the profile with the welcome
 * credits and its ledger row; later ones (and a second, racing first one) change nothing.
 */
export async function onSignIn(db: DbOrTx, userId: string): Promise<{ newProfile: boolean }> {
  const { created } = await ensureProfile(db, userId);
  return { newProfile: created };
}
