import "server-only";
import { getDb } from "@/db";
import { readAccountFingerprint } from "@/db/queries/account-fingerprint";
import { getSessionUser } from "@/lib/auth/session";

/**
 * The signed-in user's account fingerprint (db/queries/account-fingerprint.ts), rendered into
 * every signed-in page and polled by its open tabs; null for visitors.
 */
export async function readSessionAccountFingerprint(): Promise<string | null> {
  const user = await getSessionUser();
  return user ? readAccountFingerprint(getDb(), user.id) : null;
}
