import "server-only";
import { getCurrentAccount } from "./current-account";

/**
 * The signed-in user's account fingerprint (db/queries/account-fingerprint.ts), rendered into
 * every signed-in page and polled by its open tabs; null for visitors. It comes with the
 * request's one read of the account, so the page's profile row is not read a second time.
 */
export async function readSessionAccountFingerprint(): Promise<string | null> {
  return (await getCurrentAccount())?.fingerprint ?? null;
}
