import "server-only";
import { currentUserId } from "./current-user-id";
import { signedOutFingerprint } from "./live-fingerprint";

/**
 * The answer of a live-update fingerprint route (account, activity). A visitor whose session
 * ended (signed out elsewhere, a password reset, 'Sign out everywhere') gets the fixed
 * signed-out fingerprint, so an open tab stops polling instead of asking for a refusal every
 * few seconds. It says nothing about any account.
 */
export async function fingerprintResponse(read: (userId: string) => Promise<string>): Promise<Response> {
  const userId = await currentUserId();
  const fingerprint = userId ? await read(userId) : signedOutFingerprint;
  return Response.json({ fingerprint }, { headers: { "Cache-Control": "no-store" } });
}
